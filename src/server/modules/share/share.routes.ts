import { Hono } from "hono";
import { listParamsSchema } from "#shared/lists.schema.ts";
import { shareImageQuerySchema } from "#shared/share-images.schema.ts";
import type { AppDeps } from "../../app-deps.ts";
import type { AppEnv } from "../../http/context.ts";
import { pathParams, queryParams } from "../../http/validate.ts";
import { notFound } from "../../http/errors.ts";
import { loadEntries } from "../lists/list-entries.ts";
import { getListDetail } from "../lists/lists.service.ts";
import { createShareImages, deleteSharePictures, findShareList, shareEtag } from "./share-images.service.ts";
import { sendSharePicture } from "./send-share-picture.ts";

/** Short, so a crawler or a second visitor rechecks soon; the ETag makes that check a 304. */
const CACHE_CONTROL = "public, max-age=300";

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
      return sendSharePicture(c, shareEtag(list, layout, size), CACHE_CONTROL, () =>
        images.png(list, layout, size, () => loadEntries(store, userId, listId)),
      );
    },
  );
}
