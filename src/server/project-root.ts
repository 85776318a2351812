import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The checkout's root: the nearest folder above this module whose
 * package.json is the app's. Found by walking up, not by a fixed number of
 * steps, because the same code runs from `src/server/` (tsx: the tests, `npm
 * run dev`) and bundled into `dist/server/main.js` (`npm start`).
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "survivor-rankings")
      return dir;
    if (dirname(dir) === dir) throw new Error(`No survivor-rankings package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the checkout, from its root. */
export const fromProjectRoot = (...parts: string[]) => join(PROJECT_ROOT, ...parts);
