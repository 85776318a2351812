import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser } from "../../http/context.ts";
import { pathParams } from "../../http/validate.ts";
import { limitPerUser } from "../rate-limit/write-limits.ts";
import { listParamsSchema } from "#shared/lists.schema.ts";
import { writeBegins } from "../browse/browse-cache.ts";
import { afterUpvote } from "../browse/browse.service.ts";
import { forgetViewerFlags } from "../browse/viewer-flags-cache.ts";
import { toggleFavorite, toggleUpvote } from "./reactions.service.ts";

const listParams = pathParams(listParamsSchema, "List not found");

// An upvote rings the owner's Inbox: generous for browsing, too little to flood it.
export const REACTION_LIMIT = { max: 60, windowMs: 60_000 };

/** A reader's upvote and favourite on a list, under the list's own path. */
export function reactionsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const limited = limitPerUser(
    db,
    "reaction",
    REACTION_LIMIT,
    "You are reacting too fast. Please wait a moment and try again.",
  );
  return new Hono<AppEnv>()
    .post("/:userId/:listId/upvote", requireUser, limited, listParams, async (c) => {
      const user = c.get("user");
      const { userId: ownerId, listId } = c.req.valid("param");
      const since = writeBegins();
      const { upvoted, upvoteCount, delta } = await toggleUpvote(db, user.id, ownerId, listId, user.name);
      afterUpvote(db, since, ownerId, listId, delta, upvoteCount);
      forgetViewerFlags(db, user.id);
      if (upvoted && ownerId !== user.id) {
        await deps.hub.publish({ type: "notifications", data: {}, userId: ownerId });
      }
      return c.json({ upvoted, upvoteCount });
    })
    .post("/:userId/:listId/favorite", requireUser, limited, listParams, async (c) => {
      const { userId: ownerId, listId } = c.req.valid("param");
      const viewer = c.get("user").id;
      const result = await toggleFavorite(db, viewer, ownerId, listId);
      // Shared answers hold no favourites (the Favorites filter is never
      // cached): only the reader's own flags change.
      forgetViewerFlags(db, viewer);
      return c.json(result);
    });
}
