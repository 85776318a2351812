/**
 * Fails when the JavaScript a page needs before it can render is over its
 * compressed budget. Reads the build's manifest (npm run build first):
 * the entry and its static imports, plus the route's lazy chunk and its
 * static imports; sizes are of the brotli files the server sends.
 *
 *   node --import tsx scripts/check-bundle-budget.ts
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const DIST = join(import.meta.dirname, "../dist/client");
const KB = 1024;
/**
 * Brotli bytes of JavaScript each page needs to render. The front page and
 * the reading pages get 120 KB; the two editors need the season picker and
 * dnd-kit at once (they are built of them), so they get a little more.
 */
const PAGES: Record<string, { route: string; budget: number }> = {
  "/": { route: "app/routes/home.tsx", budget: 120 * KB },
  "/rankings": { route: "app/routes/rankings.tsx", budget: 120 * KB },
  "/list/:userId/:listId": { route: "app/routes/list-detail.tsx", budget: 120 * KB },
  "/create": { route: "app/routes/create.tsx", budget: 140 * KB },
  "/global-rankings/:categoryId": { route: "app/routes/global-detail.tsx", budget: 140 * KB },
  "/consensus": { route: "app/routes/consensus.tsx", budget: 120 * KB },
};

const manifest = JSON.parse(readFileSync(join(DIST, ".vite/manifest.json"), "utf8")) as Record<
  string,
  ManifestChunk
>;

function withStaticImports(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) withStaticImports(dep, into);
  return into;
}

function compressedSize(file: string): number {
  const path = join(DIST, file);
  if (existsSync(`${path}.br`)) return statSync(`${path}.br`).size;
  return brotliCompressSync(readFileSync(path)).length;
}

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
let failed = false;
for (const [page, { route, budget }] of Object.entries(PAGES)) {
  if (!manifest[route]) throw new Error(`No chunk for ${route} in the manifest: is the route file renamed?`);
  const keys = withStaticImports(route, withStaticImports(entry));
  const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith(".js"));
  const total = files.reduce((n, f) => n + compressedSize(f), 0);
  const ok = total <= budget;
  failed ||= !ok;
  console.log(
    `${ok ? "ok  " : "OVER"} ${page.padEnd(30)} ${(total / KB).toFixed(1).padStart(6)} KB of ${budget / KB} KB in ${files.length} scripts`,
  );
}
if (failed) {
  console.error("JavaScript budget exceeded: split the route (lazy-load what is not needed to render it).");
  process.exit(1);
}
