import type { Context } from "hono";
import { ApiError } from "../../http/errors.ts";
import { ShareRendererBusy } from "../../share-drawing/share-render-pool.ts";

const BUSY_MESSAGE = "Many share pictures are being drawn right now. Please try again in a few seconds.";

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/**
 * How every share picture is answered (a list's, a consensus slice's): 304
 * when the reader has this version (`etag`), else the PNG `draw` gives, or
 * 503 with Retry-After while too many pictures wait to be drawn.
 * `cacheControl` says how soon a reader checks again.
 */
export async function sendSharePicture(
  c: Context,
  etag: string,
  cacheControl: string,
  draw: () => Promise<Buffer>,
): Promise<Response> {
  if (matches(c.req.header("If-None-Match"), etag)) {
    return c.body(null, 304, { ETag: etag, "Cache-Control": cacheControl });
  }
  let png: Buffer;
  try {
    png = await draw();
  } catch (error) {
    if (!(error instanceof ShareRendererBusy)) throw error;
    // Nothing to cache: the same request succeeds once the pictures ahead are drawn.
    const body = new ApiError(503, "SHARE_IMAGE_BUSY", BUSY_MESSAGE).toBody();
    return c.json(body, 503, {
      "Retry-After": String(error.retryAfterSeconds),
      "Cache-Control": "no-store",
    });
  }
  c.header("ETag", etag);
  c.header("Cache-Control", cacheControl);
  c.header("Content-Type", "image/png");
  // A view of the cached bytes: sent as they are, not copied.
  return c.body(new Uint8Array(png.buffer as ArrayBuffer, png.byteOffset, png.length), 200);
}
