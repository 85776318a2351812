import { readFile } from "node:fs/promises";
import { join } from "node:path";

// Without help the browser finds a page's code in turns: index.html names
// the entry script, which must run before the router asks for the route's
// chunk, which then asks for its data. The server knows the route from the
// address, so it names the route's chunks in the page itself and they load
// beside the entry.

/** The client's routes (src/client/app/router.tsx), the fixed ones first. */
const ROUTES: [pattern: string, module: string][] = [
  ["/", "home"],
  ["/login", "login"],
  ["/mylists", "my-lists"],
  ["/rankings", "rankings"],
  ["/rankings/user", "user-rankings"],
  ["/rankings/user/:userId", "user-rankings"],
  ["/list/:userId/:listId", "list-detail"],
  ["/create", "create"],
  ["/global-rankings", "global-rankings"],
  ["/global-rankings/legacy", "global-legacy"],
  ["/global-rankings/:categoryId", "global-detail"],
];

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, Chunk>;

function routeModule(pathname: string): string | null {
  const parts = pathname.split("/").filter(Boolean);
  for (const [pattern, module] of ROUTES) {
    const want = pattern.split("/").filter(Boolean);
    if (want.length === parts.length && want.every((w, i) => w.startsWith(":") || w === parts[i])) {
      return module;
    }
  }
  return null;
}

/** Every chunk `key` needs loaded, itself first, minus those in `skip`. */
function closure(manifest: Manifest, key: string, skip: Set<string>, out = new Set<string>()): Set<string> {
  if (skip.has(key) || out.has(key) || !manifest[key]) return out;
  out.add(key);
  for (const next of manifest[key].imports ?? []) closure(manifest, next, skip, out);
  return out;
}

const escapeAttr = (s: string) => s.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The `<link>` tags that preload the route's own chunks and styles for this
 * address (none for an unknown one); the entry's are preloaded by Vite.
 */
export function preloadTags(manifest: Manifest, pathname: string): string {
  const module = routeModule(pathname);
  const key = module && Object.keys(manifest).find((k) => k.endsWith(`app/routes/${module}.tsx`));
  if (!key) return "";
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const preloadedByVite = entry ? closure(manifest, entry, new Set()) : new Set<string>();
  const tags: string[] = [];
  for (const chunk of closure(manifest, key, preloadedByVite)) {
    const { file, css = [] } = manifest[chunk]!;
    tags.push(`<link rel="modulepreload" crossorigin href="/${escapeAttr(file)}">`);
    for (const sheet of css) tags.push(`<link rel="preload" as="style" href="/${escapeAttr(sheet)}">`);
  }
  return tags.join("");
}

const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/;

/**
 * The entry's stylesheet written into the page instead of linked: it blocks
 * the first paint either way, and inline it costs no round trip of its own
 * (about 4 KB compressed, inside the page's compression). Left linked when
 * it cannot be read or could end the style element early.
 */
async function inlineEntryStyles(clientDir: string, indexHtml: string): Promise<string> {
  const link = ENTRY_STYLESHEET.exec(indexHtml);
  if (!link) return indexHtml;
  let css: string;
  try {
    css = await readFile(join(clientDir, link[1]!), "utf8");
  } catch {
    return indexHtml;
  }
  if (/<\/style/i.test(css)) return indexHtml;
  return (
    indexHtml.slice(0, link.index) + `<style>${css}</style>` + indexHtml.slice(link.index + link[0].length)
  );
}

/**
 * index.html made quick to show: the entry's styles inline and the route's
 * preloads before `</head>`; as it was when there is no manifest.
 */
export async function withRoutePreloads(
  clientDir: string,
  indexHtml: string,
  pathname: string,
): Promise<string> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(clientDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  } catch {
    return indexHtml;
  }
  const page = await inlineEntryStyles(clientDir, indexHtml);
  const tags = preloadTags(manifest, pathname);
  const at = page.search(/<\/head>/i);
  return tags && at >= 0 ? page.slice(0, at) + tags + page.slice(at) : page;
}
