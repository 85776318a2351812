/**
 * The app's endpoints, read off the Hono app itself (`app.routes`), so a
 * route added anywhere is fuzzed and CSRF-tested without a list to update.
 * Middleware (`use`) shows up as method ALL on a pattern; an `all()` handler
 * too. Both are kept as ALL: the callers try several methods on them.
 */
export interface RouteEntry {
  method: string;
  path: string;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const isWriteMethod = (method: string) => !SAFE_METHODS.has(method);

export function routeTable(app: { routes: readonly { method: string; path: string }[] }): RouteEntry[] {
  const seen = new Set<string>();
  const out: RouteEntry[] = [];
  for (const { method, path } of app.routes) {
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method, path });
  }
  return out;
}

/** A path parameter as it goes on the wire: a value to percent-encode, or bytes put in as they are. */
export type ParamValue = string | { raw: string };

/**
 * The pattern with each parameter replaced by `valueOf(name)` (encoded, or
 * as is when `{ raw }`: '%00', a lone '%', '%FF' reach the router undecoded)
 * and a trailing '*' by `rest`.
 */
export function fillPath(path: string, valueOf: (name: string) => ParamValue, rest = "x"): string {
  return path
    .replace(/:(\w+)(\{[^}]*\})?/g, (_m, name: string) => {
      const value = valueOf(name);
      return typeof value === "string" ? encodeURIComponent(value) : value.raw;
    })
    .replace(/\*$/, rest);
}
