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
 * ours. A cookie is what a forged request would borrow, so a write that
 * carries one and names no origin at all is refused too, unless the browser
 * vouches with `Sec-Fetch-Site: same-origin`. A write with neither cookie nor
 * origin (curl, a script with a bearer of nothing) borrows nothing and passes.
 * SameSite=Lax cookies do not cover this: another port of the same host is
 * the same site, and its forms carry the cookie.
 */
export const sameOriginWrites = (trusted: ReadonlySet<string>) =>
  createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin") ?? originOfReferer(c.req.header("referer"));
    const fetchSite = c.req.header("sec-fetch-site");
    const refused =
      origin !== null && origin !== undefined
        ? !trusted.has(origin)
        : fetchSite
          ? fetchSite !== "same-origin"
          : c.req.header("cookie") !== undefined;
    if (refused) throw new ApiError(403, "CROSS_ORIGIN", CROSS_ORIGIN_MESSAGE);
    return next();
  });
