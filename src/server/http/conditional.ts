import type { MiddlewareHandler } from "hono";

/**
 * Answers a conditional GET with 304 Not Modified when the response it
 * would send carries a Last-Modified no newer than the request's
 * If-Modified-Since (HTTP dates have whole seconds), or an ETag the request's
 * If-None-Match names. Static files send Last-Modified: the browser's
 * revalidation of index.html and the favicon then costs no body.
 */
export function conditionalGet(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || c.res.status !== 200) return;
    const headers = c.res.headers;
    if (!isFresh(c.req.raw.headers, headers)) return;
    const kept = new Headers();
    for (const name of ["cache-control", "etag", "last-modified", "vary", "content-location", "expires"]) {
      const value = headers.get(name);
      if (value) kept.set(name, value);
    }
    c.res = undefined as unknown as Response;
    c.res = new Response(null, { status: 304, headers: kept });
  };
}

function isFresh(request: Headers, response: Headers): boolean {
  const noneMatch = request.get("if-none-match");
  const etag = response.get("etag");
  // If-None-Match wins over If-Modified-Since (RFC 9110 13.2.2).
  if (noneMatch) {
    if (!etag) return false;
    const bare = etag.replace(/^W\//, "");
    return noneMatch.split(",").some((t) => t.trim() === "*" || t.trim().replace(/^W\//, "") === bare);
  }
  const since = Date.parse(request.get("if-modified-since") ?? "");
  const modified = Date.parse(response.get("last-modified") ?? "");
  if (Number.isNaN(since) || Number.isNaN(modified)) return false;
  return Math.floor(modified / 1000) <= Math.floor(since / 1000);
}
