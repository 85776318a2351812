import type { Context } from "hono";
import { routePath } from "hono/route";

/**
 * The route a request matched, as registered ("/api/lists/:userId/:listId"),
 * never the raw URL: one log field or time series per route, however many
 * ids exist. Read after the handlers ran, when Hono's route index points at
 * the one that answered.
 */
export function matchedRoute(c: Context): string {
  return routePath(c) || "unmatched";
}
