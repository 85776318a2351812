import { createMiddleware } from "hono/factory";
import { ApiError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_ORIGIN_MESSAGE = "This request came from another site and was refused.";

/** The origins a write may come from: PUBLIC_URL's and better-auth's trusted ones (scheme://host:port). */
export function trustedOriginsOf(publicUrl: string, extra: readonly string[] = []): Set<string> {
  const origins = new Set<string>();
  for (const url of [publicUrl, ...extra]) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // Not a URL (better-auth also takes wildcard patterns): ignore.
    }
  }
  return origins;
}

function originOfReferer(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence for every state-changing request (docs/decisions/010): the
 * browser's `Origin` (or, without it, the `Referer`'s origin) must be one of
 * ours; without either, `Sec-Fetch-Site` must say same-origin. Every browser
 * in use sends at least one of these on a write, so a forged request from a
 * page is always judged. A request with none of them is not from a browser
 * page (curl, a script, a test's API client) and passes: it can only carry a
 * cookie its sender already holds. SameSite=Lax cookies alone do not cover
 * this: another port of the same host is the same site, and its forms carry
 * the cookie.
 */
export const sameOriginWrites = (trusted: ReadonlySet<string>) =>
  createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin") ?? originOfReferer(c.req.header("referer"));
    const fetchSite = c.req.header("sec-fetch-site");
    const refused = origin ? !trusted.has(origin) : fetchSite !== undefined && fetchSite !== "same-origin";
    if (refused) throw new ApiError(403, "CROSS_ORIGIN", CROSS_ORIGIN_MESSAGE);
    return next();
  });
