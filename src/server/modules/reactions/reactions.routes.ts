import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser } from "../../http/context.ts";
import { pathParams } from "../../http/validate.ts";
import { limitPerUser } from "../../rate-limit/write-limits.ts";
import { listParamsSchema } from "#shared/lists.schema.ts";
import { toggleFavorite, toggleUpvote } from "./reactions.service.ts";

const listParams = pathParams(listParamsSchema, "List not found");

// An upvote rings the owner's Inbox: generous for browsing, too little to flood it.
export const REACTION_LIMIT = { max: 60, windowMs: 60_000 };

/** A reader's upvote and favourite on a list, under the list's own path. */
export function reactionsRoutes(deps: AppDeps) {
  const { store } = deps;
  const limited = limitPerUser(
    deps.limits,
    "reaction",
    REACTION_LIMIT,
    "You are reacting too fast. Please wait a moment and try again.",
  );
  return new Hono<AppEnv>()
    .post("/:userId/:listId/upvote", requireUser, limited, listParams, async (c) => {
      const user = c.get("user");
      const { userId: ownerId, listId } = c.req.valid("param");
      const { upvoted, upvoteCount } = await toggleUpvote(store, user.id, ownerId, listId, user.name);
      return c.json({ upvoted, upvoteCount });
    })
    .post("/:userId/:listId/favorite", requireUser, limited, listParams, async (c) => {
      const { userId: ownerId, listId } = c.req.valid("param");
      return c.json(await toggleFavorite(store, c.get("user").id, ownerId, listId));
    });
}
