/**
 * Bundles the server's own TypeScript into `dist/server/main.js`, what `npm
 * start` runs with plain Node. Packages stay in node_modules (PGlite, sharp
 * and resvg find their WebAssembly and native files beside themselves); only
 * src/ is compiled. Running through tsx instead kept a module-loader thread,
 * every source text and its source map in the server's memory (about 40 MB
 * of its resident set) and compiled each module at every start.
 *
 *   node --import tsx scripts/build-server.ts [outfile]
 */
import { build } from "esbuild";

export const SERVER_BUNDLE = "dist/server/main.js";

export async function buildServer(outfile = SERVER_BUNDLE): Promise<void> {
  await build({
    entryPoints: ["src/server/main.ts"],
    outfile,
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

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer(process.argv[2]);
  console.log(`server bundled into ${process.argv[2] ?? SERVER_BUNDLE}`);
}
