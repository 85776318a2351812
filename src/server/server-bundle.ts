/**
 * The server as `npm start` runs it: the server's own TypeScript bundled by
 * esbuild, run with plain Node. Packages stay in node_modules (PGlite, sharp
 * and resvg find their WebAssembly and native files beside themselves); only
 * src/ is compiled. Running through tsx instead kept a module-loader thread,
 * every source text and its source map in the server's memory (about 80 MB
 * of its resident set) and compiled each module at every start. Built by
 * `npm run build` (scripts/build-server.ts) and, for the tests that start
 * server processes, by src/testing/server-process.ts.
 *
 * Four files come out side by side: the server (main.js, or the name asked
 * for) and the worker threads' code, share-render-worker.js,
 * consensus-worker.js and notify-sender-worker.js, which worker-threads.ts
 * finds beside the server's file.
 */
import { basename, dirname } from "node:path";
import { build } from "esbuild";
import { fromProjectRoot } from "./project-root.ts";

export const SERVER_BUNDLE = fromProjectRoot("dist/server/main.js");

export async function buildServer(outfile = SERVER_BUNDLE): Promise<void> {
  await build({
    entryPoints: {
      [basename(outfile, ".js")]: fromProjectRoot("src/server/main.ts"),
      "share-render-worker": fromProjectRoot("src/server/share-drawing/share-render-worker.ts"),
      "consensus-worker": fromProjectRoot("src/server/modules/consensus/consensus-worker.ts"),
      "notify-sender-worker": fromProjectRoot("src/server/events/notify-sender-worker.ts"),
    },
    outdir: dirname(outfile),
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    // Stack traces name the source's lines when run with --enable-source-maps.
    sourcemap: "linked",
    logLevel: "warning",
  });
}
