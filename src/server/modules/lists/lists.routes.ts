import { Hono } from "hono";
import { type AppDeps, type AppEnv, requireUser } from "../../http/context.ts";
import { jsonBody } from "../../http/validate.ts";
import { listInputSchema } from "#shared/lists.ts";
import { forgetBrowseCache } from "../browse/browse-cache.ts";
import { toggleFavorite, toggleUpvote } from "../reactions/reactions.service.ts";
import { createList, deleteList, getListDetail, updateList } from "./lists.service.ts";

export function listsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .post("/", requireUser, jsonBody(listInputSchema), async (c) => {
      const list = await createList(db, c.get("user").id, c.req.valid("json"));
      forgetBrowseCache(db);
      return c.json({ list }, 201);
    })
    .get("/:userId/:listId", async (c) => {
      const list = await getListDetail(
        db,
        c.req.param("userId"),
        c.req.param("listId"),
        c.get("user")?.id ?? null,
      );
      return c.json({ list });
    })
    .put("/:userId/:listId", requireUser, jsonBody(listInputSchema), async (c) => {
      const list = await updateList(
        db,
        c.get("user").id,
        c.req.param("userId"),
        c.req.param("listId"),
        c.req.valid("json"),
      );
      forgetBrowseCache(db);
      return c.json({ list });
    })
    .post("/:userId/:listId/upvote", requireUser, async (c) => {
      const ownerId = c.req.param("userId");
      const result = await toggleUpvote(db, c.get("user").id, ownerId, c.req.param("listId"));
      forgetBrowseCache(db);
      if (result.upvoted && ownerId !== c.get("user").id) {
        await deps.hub.publish({ type: "notifications", data: {}, userId: ownerId });
      }
      return c.json(result);
    })
    .post("/:userId/:listId/favorite", requireUser, async (c) => {
      const result = await toggleFavorite(db, c.get("user").id, c.req.param("userId"), c.req.param("listId"));
      forgetBrowseCache(db);
      return c.json(result);
    })
    .delete("/:userId/:listId", requireUser, async (c) => {
      await deleteList(db, c.get("user").id, c.req.param("userId"), c.req.param("listId"));
      forgetBrowseCache(db);
      return c.body(null, 204);
    });
}
