import { IncomingMessage } from "node:http";
import type { Context } from "hono";

/**
 * A request body's size as its headers declare it, where that is the whole
 * truth: Node's HTTP parser reads exactly Content-Length bytes of a body
 * that is not chunked, and none when neither header is sent (HTTP/1.1).
 * Undefined for a chunked body, and for a web Request made without a socket
 * (app.request in tests), whose headers need not declare one: count those.
 *
 * It exists so that the body limit and the edge guard need not look at
 * `c.req.raw.body`, which makes @hono/node-server build a full web Request
 * and its streams for every write (docs/performance.md).
 */
export function declaredLength(c: Context): number | undefined {
  const fromSocket = (c.env as { incoming?: unknown } | undefined)?.incoming instanceof IncomingMessage;
  if (!fromSocket || c.req.header("transfer-encoding") !== undefined) return undefined;
  return Number(c.req.header("content-length") ?? 0);
}
