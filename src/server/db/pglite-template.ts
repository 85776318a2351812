import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fromProjectRoot } from "../project-root.ts";

/**
 * A new PGlite database made by its initdb grows the WebAssembly memory of
 * the process to about 800 MB, and WebAssembly memory never shrinks: a fresh
 * install's first start peaked near a gigabyte, against about 300 MB for a
 * start on an existing directory. So `npm run build` makes an empty
 * database once (scripts/build-server.ts) and keeps it as a tarball; a first
 * start unpacks it into the data directory instead of running initdb (peak
 * about 330 MB, docs/performance.md "First start"). Without the file (the
 * tests, `npm run dev`) PGlite runs initdb as before.
 */

const PGLITE_VERSION = (
  JSON.parse(readFileSync(fromProjectRoot("node_modules/@electric-sql/pglite/package.json"), "utf8")) as {
    version: string;
  }
).version;

/** Named by PGlite's version: a template from another version is never unpacked. */
export const PGLITE_TEMPLATE = fromProjectRoot(`dist/server/pglite-${PGLITE_VERSION}-empty.tar.gz`);

/** Writes an empty database's data directory, as PGlite's initdb leaves it, to `file`. */
export async function writePgliteTemplate(file = PGLITE_TEMPLATE): Promise<void> {
  const db = new PGlite();
  try {
    await db.waitReady;
    const tarball = await db.dumpDataDir("gzip");
    mkdirSync(dirname(file), { recursive: true });
    // Whole or not at all: a start never finds half a file.
    writeFileSync(`${file}.part`, Buffer.from(await tarball.arrayBuffer()));
    renameSync(`${file}.part`, file);
  } finally {
    await db.close();
  }
}

/** The template to start `dataDir` from: only for a directory that holds no database yet, and only if there is one. */
export function templateFor(dataDir: string, file = PGLITE_TEMPLATE): Blob | undefined {
  if (existsSync(join(dataDir, "PG_VERSION")) || !existsSync(file)) return undefined;
  return new Blob([readFileSync(file)]);
}
