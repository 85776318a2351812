/**
 * `npm run build`'s second half: bundles the server into dist/server/main.js
 * (src/server/server-bundle.ts says why) and keeps an empty PGlite database
 * beside it for a first start (src/server/db/pglite-template.ts).
 *
 *   node --import tsx scripts/build-server.ts [outfile]
 */
import { PGLITE_TEMPLATE, writePgliteTemplate } from "../src/server/db/pglite-template.ts";
import { buildServer, SERVER_BUNDLE } from "../src/server/server-bundle.ts";

await buildServer(process.argv[2]);
console.log(`server bundled into ${process.argv[2] ?? SERVER_BUNDLE}`);
// A fresh install's first start unpacks this instead of running initdb (db/pglite-template.ts).
await writePgliteTemplate();
console.log(`empty PGlite database kept as ${PGLITE_TEMPLATE}`);
