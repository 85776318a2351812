import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser, viewerId } from "../../http/context.ts";
import { jsonBody, pathParams } from "../../http/validate.ts";
import { listInputSchema, listParamsSchema } from "#shared/lists.schema.ts";
import { writeBegins } from "../browse/browse-cache.ts";
import { afterListWrite } from "../browse/browse.service.ts";
import { limitPerUser } from "../rate-limit/write-limits.ts";
import { deleteSharePictures, forgetShareList } from "../share/share-images.service.ts";
import { createList, deleteList, getListDetail, updateList } from "./lists.service.ts";

const listParams = pathParams(listParamsSchema, "List not found");

// New lists land on browse for everyone: a few a minute is plenty for a person.
export const LIST_CREATE_LIMIT = { max: 20, windowMs: 10 * 60_000 };
export const LIST_CHANGE_LIMIT = { max: 60, windowMs: 60_000 };

export function listsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const limitCreate = limitPerUser(
    db,
    "list-create",
    LIST_CREATE_LIMIT,
    "You are creating lists too fast. Please wait a few minutes and try again.",
  );
  const limitChange = limitPerUser(
    db,
    "list-change",
    LIST_CHANGE_LIMIT,
    "You are changing lists too fast. Please wait a moment and try again.",
  );
  return new Hono<AppEnv>()
    .post("/", requireUser, limitCreate, jsonBody(listInputSchema), async (c) => {
      const since = writeBegins();
      const list = await createList(db, c.get("user").id, c.req.valid("json"));
      afterListWrite(db, since, list, null, { ...list, isPublic: true });
      return c.json({ list }, 201);
    })
    .get("/:userId/:listId", listParams, async (c) => {
      const { userId, listId } = c.req.valid("param");
      return c.json({ list: await getListDetail(db, userId, listId, viewerId(c)) });
    })
    .put("/:userId/:listId", requireUser, limitChange, listParams, jsonBody(listInputSchema), async (c) => {
      const { userId, listId } = c.req.valid("param");
      const since = writeBegins();
      const { list, before } = await updateList(db, c.get("user").id, userId, listId, c.req.valid("json"));
      afterListWrite(db, since, list, before, { ...list, isPublic: true });
      forgetShareList(db, userId, listId);
      return c.json({ list });
    })
    .delete("/:userId/:listId", requireUser, limitChange, listParams, async (c) => {
      const { userId, listId } = c.req.valid("param");
      const since = writeBegins();
      const before = await deleteList(db, c.get("user").id, userId, listId);
      afterListWrite(db, since, { userId, id: listId }, before, null);
      forgetShareList(db, userId, listId);
      await deleteSharePictures(deps.storage, deps.logger, userId, listId);
      return c.body(null, 204);
    });
}
