import { Hono } from "hono";
import { listParamsSchema } from "#shared/lists.schema.ts";
import { shareImageQuerySchema } from "#shared/share-images.schema.ts";
import type { AppDeps } from "../../app-deps.ts";
import type { AppEnv } from "../../http/context.ts";
import { pathParams, queryParams } from "../../http/validate.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import { loadEntries } from "../lists/list-entries.ts";
import { getListDetail } from "../lists/lists.service.ts";
import { createShareImages, deleteSharePictures, findShareList, shareEtag } from "./share-images.service.ts";
import { ShareRendererBusy } from "../../share-drawing/share-render-pool.ts";

const BUSY_MESSAGE = "Many share pictures are being drawn right now. Please try again in a few seconds.";

/** Short, so a crawler or a second visitor rechecks soon; the ETag makes that check a 304. */
const CACHE_CONTROL = "public, max-age=300";

function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((t) => {
    const tag = t.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/**
 * GET /lists/{userId}/{listId}/share?layout=classic|beach&size=portrait|preview:
 * the list's share picture (docs/product.md, Sharing pictures), public like the list itself.
 */
export function shareRoutes(deps: AppDeps) {
  const { store } = deps;
  const images = createShareImages(deps);
  // A deleted list's stored pictures go too, by the process that deleted it
  // (best effort: a leftover only costs space, and is never served).
  store.events.on("list-deleted", (e) =>
    e.local ? deleteSharePictures(deps.storage, deps.logger, e.ownerId, e.listId) : undefined,
  );
  return new Hono<AppEnv>().get(
    "/:userId/:listId/share",
    pathParams(listParamsSchema, "List not found"),
    queryParams(shareImageQuerySchema),
    async (c) => {
      const { userId, listId } = c.req.valid("param");
      const { layout, size } = c.req.valid("query");
      const list = await findShareList(store, userId, listId);
      if (!list) {
        // Throws the list route's own answer: 'User not found', 'List not found', ...
        await getListDetail(store, userId, listId, null);
        throw notFound("List not found");
      }
      const etag = shareEtag(list, layout, size);
      if (matches(c.req.header("If-None-Match"), etag)) {
        return c.body(null, 304, { ETag: etag, "Cache-Control": CACHE_CONTROL });
      }
      let png: Buffer;
      try {
        png = await images.png(list, layout, size, () => loadEntries(store, userId, listId));
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
      c.header("Cache-Control", CACHE_CONTROL);
      c.header("Content-Type", "image/png");
      // A view of the cached bytes: sent as they are, not copied.
      return c.body(new Uint8Array(png.buffer as ArrayBuffer, png.byteOffset, png.length), 200);
    },
  );
}
