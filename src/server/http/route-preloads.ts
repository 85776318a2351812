import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { SCREENS, type ScreenName, screenOf } from "#shared/routes.ts";

// Without help the browser finds a page's code in turns: index.html names
// the entry script, which must run before the router asks for the route's
// chunk, which then asks for its data. The server knows the route from the
// address, so it names the route's chunks in the page itself and they load
// beside the entry.

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, Chunk>;

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
  const found = screenOf(pathname);
  const module = found && SCREENS[found.screen].module;
  const key = module && Object.keys(manifest).find((k) => k.endsWith(`app/routes/${module}.tsx`));
  if (!key) return "";
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const preloadedByVite = entry ? closure(manifest, entry, new Set()) : new Set<string>();
  const tags: string[] = [];
  for (const chunk of closure(manifest, key, preloadedByVite)) {
    const { file, css = [] } = manifest[chunk]!;
    tags.push(`<link rel="modulepreload" crossorigin href="/${escapeAttr(file)}">`);
    for (const sheet of css)
      tags.push(`<link rel="preload" as="style" crossorigin href="/${escapeAttr(sheet)}">`);
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

/** A path value the client writes back unchanged (encodeURIComponent leaves it alone). */
const PLAIN_SEGMENT = /^[\w.~-]+$/;

/**
 * What a screen fetches first, by the same address the client asks for:
 * fetched beside the scripts instead of after them. A page with a query
 * string (a browse page, a search) asks for other data and gets none. Every
 * screen is named (an empty list: nothing worth fetching early), so a new
 * screen is a type error here until someone decides.
 */
export const SCREEN_DATA: { [S in ScreenName]: (params: Record<string, string>) => string[] } = {
  home: () => ["/api/home", "/api/reference-lists"],
  login: () => [],
  myLists: () => [],
  account: () => [],
  rankings: () => ["/api/browse"],
  profileWithoutUser: () => [],
  profile: () => [],
  list: ({ userId, listId }) => [`/api/lists/${userId}/${listId}`],
  create: () => ["/api/seasons"],
  globalRankings: () => [],
  globalLegacy: () => [],
  globalCategory: ({ categoryId }) => [`/api/global-rankings/${categoryId}`],
  // The default slice; an address with a query string names its own and preloads nothing.
  consensus: () => ["/api/consensus/seasons/all"],
};

/**
 * `<link rel="preload" as="fetch">` for the session and the screen's first
 * data, so they load beside the scripts rather than after them. `crossorigin`
 * (anonymous) gives the same request as the client's same-origin fetch, so
 * the browser hands the preloaded answer to it.
 */
export function dataPreloadTags(pathname: string, hasQuery: boolean): string {
  const found = screenOf(pathname);
  if (!found) return "";
  const plain = Object.values(found.params).every((p) => PLAIN_SEGMENT.test(p));
  const urls = [
    "/api/auth/get-session",
    ...(plain && !hasQuery ? SCREEN_DATA[found.screen](found.params) : []),
  ];
  return urls.map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttr(url)}">`).join("");
}

/**
 * index.html made quick to show: the entry's styles inline and the route's
 * preloads (code and first data) before `</head>`; as it was when there is
 * no manifest.
 */
export async function withRoutePreloads(
  clientDir: string,
  indexHtml: string,
  pathname: string,
  hasQuery = false,
): Promise<string> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(clientDir, ".vite", "manifest.json"), "utf8")) as Manifest;
  } catch {
    return indexHtml;
  }
  const page = await inlineEntryStyles(clientDir, indexHtml);
  const tags = preloadTags(manifest, pathname) + dataPreloadTags(pathname, hasQuery);
  const at = page.search(/<\/head>/i);
  return tags && at >= 0 ? page.slice(0, at) + tags + page.slice(at) : page;
}
