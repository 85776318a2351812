import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser, viewerId } from "../../http/context.ts";
import { jsonBody, pathParams } from "../../http/validate.ts";
import { listInputSchema, listParamsSchema } from "#shared/lists.schema.ts";
import { forgetBrowseCache } from "../browse/browse-cache.ts";
import { createList, deleteList, getListDetail, updateList } from "./lists.service.ts";

const listParams = pathParams(listParamsSchema, "List not found");

export function listsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .post("/", requireUser, jsonBody(listInputSchema), async (c) => {
      const list = await createList(db, c.get("user").id, c.req.valid("json"));
      forgetBrowseCache(db);
      return c.json({ list }, 201);
    })
    .get("/:userId/:listId", listParams, async (c) => {
      const { userId, listId } = c.req.valid("param");
      return c.json({ list: await getListDetail(db, userId, listId, viewerId(c)) });
    })
    .put("/:userId/:listId", requireUser, listParams, jsonBody(listInputSchema), async (c) => {
      const { userId, listId } = c.req.valid("param");
      const list = await updateList(db, c.get("user").id, userId, listId, c.req.valid("json"));
      forgetBrowseCache(db);
      return c.json({ list });
    })
    .delete("/:userId/:listId", requireUser, listParams, async (c) => {
      const { userId, listId } = c.req.valid("param");
      await deleteList(db, c.get("user").id, userId, listId);
      forgetBrowseCache(db);
      return c.body(null, 204);
    });
}
