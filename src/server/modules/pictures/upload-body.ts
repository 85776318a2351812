import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../../http/errors.ts";
import { PICTURE_MESSAGES } from "#shared/pictures.ts";

/**
 * The 413, closing the connection with it: the unread rest of the body is
 * neither waited for nor read (Node would otherwise read on to keep the
 * connection alive).
 */
function tooLarge(c: Context): ApiError {
  c.header("Connection", "close");
  return new ApiError(413, "TOO_LARGE", PICTURE_MESSAGES.tooLarge);
}

/**
 * 413 from a declared Content-Length alone, before a byte of the body is
 * read. Hono's `bodyLimit` is not used for uploads: without a Content-Length
 * it buffers the whole body (up to the limit) before the route's own guards
 * run, so a chunked upload would escape the rate limit and the
 * one-upload-at-a-time rule while it arrives.
 */
export const declaredSizeWithin = (maxBytes: number) =>
  createMiddleware(async (c, next) => {
    const declared = c.req.header("content-length");
    if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge(c);
    await next();
  });

/**
 * The request's body as it arrives, refused with 413 the moment it passes
 * `maxBytes` (whatever the headers said): the rest is never read or kept.
 */
export async function readBodyWithin(c: Context, maxBytes: number): Promise<Buffer> {
  const body = c.req.raw.body;
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(c);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
