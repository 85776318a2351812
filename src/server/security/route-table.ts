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

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** "METHOD /path" of every state-changing API route the app serves (better-auth's group included as one). */
export function writeRoutesOf(app: { routes: readonly { method: string; path: string }[] }): string[] {
  return [
    ...new Set(
      app.routes
        .filter((r) => WRITE_METHODS.has(r.method) && r.path.startsWith("/api/"))
        .map((r) => `${r.method} ${r.path}`),
    ),
  ];
}

/** How the app registers better-auth's endpoints: one group, read off `auth.api` instead (authWriteEndpointsOf). */
export const AUTH_GROUP = "POST /api/auth/*";

/** better-auth's enabled endpoints that take a write method, as "POST /api/auth/<path>". */
export function authWriteEndpointsOf(api: object, disabled: readonly string[]): string[] {
  return [
    ...new Set(
      Object.values(api as Record<string, { path?: unknown; options?: { method?: unknown } }>)
        .filter((e): e is { path: string; options?: { method?: unknown } } => typeof e.path === "string")
        .filter((e) => !disabled.includes(e.path))
        .flatMap((e) => [e.options?.method].flat().map((m) => `${String(m)} /api/auth${e.path}`))
        .filter((r) => WRITE_METHODS.has(r.split(" ")[0]!)),
    ),
  ];
}
