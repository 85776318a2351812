/**
 * `npm run build`'s second half: bundles the server into dist/server/main.js
 * (src/server/server-bundle.ts says why).
 *
 *   node --import tsx scripts/build-server.ts [outfile]
 */
import { buildServer, SERVER_BUNDLE } from "../src/server/server-bundle.ts";

await buildServer(process.argv[2]);
console.log(`server bundled into ${process.argv[2] ?? SERVER_BUNDLE}`);
