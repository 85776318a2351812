import { createMiddleware } from "hono/factory";
import type { Store } from "../../store.ts";
import type { AppEnv } from "../../http/context.ts";
import { hideSpoilers, horizonOf } from "./spoilers.service.ts";

/** The API's reads that show castaways (docs/product.md, "Spoiler horizon"). */
const SHOWS_CASTAWAYS = [
  /^\/api\/lists\/[^/]+\/[^/]+\/?$/,
  /^\/api\/browse\/?$/,
  /^\/api\/home\/?$/,
  /^\/api\/users\/[^/]+\/?$/,
  /^\/api\/me\/favorites\/?$/,
  /^\/api\/global-rankings(\/[^/]+)?\/?$/,
  /^\/api\/consensus\/(seasons|castaways)\/[^/]+\/?$/,
  // Not a list's closeness: its one castaway (the hottest take) is shown to the list's owner only.
];

/** `?spoilers=show`: the answer whole, for a reveal. */
export const SPOILERS_SHOWN_PARAM = "spoilers";

/**
 * Hides castaways past a signed-in member's spoiler horizon in the answers
 * of the reads that show castaways, after the route (and its caches) made
 * the answer everyone shares: members without a horizon, visitors and
 * `?spoilers=show` get those bytes untouched (decision 020).
 */
export const hideSpoilersAfterCache = (store: Store) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const viewer = c.get("user");
    const horizon = viewer ? horizonOf(viewer.spoilerHorizon) : null;
    if (
      !viewer ||
      !horizon ||
      c.req.method !== "GET" ||
      c.req.query(SPOILERS_SHOWN_PARAM) === "show" ||
      !SHOWS_CASTAWAYS.some((path) => path.test(c.req.path))
    ) {
      return next();
    }
    await next();
    const res = c.res;
    if (res.status !== 200 || !res.headers.get("content-type")?.startsWith("application/json")) return;
    const text = await res.text();
    const { value, changed } = await hideSpoilers(store, JSON.parse(text) as unknown, horizon, viewer.id);
    const headers = new Headers(res.headers);
    headers.delete("content-length");
    headers.delete("etag");
    // What one member sees is theirs alone.
    headers.set("cache-control", "private, no-store");
    c.res = undefined as unknown as Response;
    c.res = new Response(changed ? JSON.stringify(value) : text, { status: 200, headers });
  });
