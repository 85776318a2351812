import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser, viewerId } from "../../http/context.ts";
import { jsonBody, pathParams } from "../../http/validate.ts";
import { listInputSchema, listParamsSchema } from "#shared/lists.schema.ts";
import { limitPerUser } from "../../rate-limit/write-limits.ts";
import { createList, deleteList, getListDetail, updateList } from "./lists.service.ts";

const listParams = pathParams(listParamsSchema, "List not found");

// New lists land on browse for everyone: a few a minute is plenty for a person.
export const LIST_CREATE_LIMIT = { max: 20, windowMs: 10 * 60_000 };
export const LIST_CHANGE_LIMIT = { max: 60, windowMs: 60_000 };

export function listsRoutes(deps: AppDeps) {
  const { store } = deps;
  const limitCreate = limitPerUser(
    deps.limits,
    "list-create",
    LIST_CREATE_LIMIT,
    "You are creating lists too fast. Please wait a few minutes and try again.",
  );
  const limitChange = limitPerUser(
    deps.limits,
    "list-change",
    LIST_CHANGE_LIMIT,
    "You are changing lists too fast. Please wait a moment and try again.",
  );
  return new Hono<AppEnv>()
    .post("/", requireUser, limitCreate, jsonBody(listInputSchema), async (c) => {
      const list = await createList(store, c.get("user").id, c.req.valid("json"));
      return c.json({ list }, 201);
    })
    .get("/:userId/:listId", listParams, async (c) => {
      const { userId, listId } = c.req.valid("param");
      return c.json({ list: await getListDetail(store, userId, listId, viewerId(c)) });
    })
    .put("/:userId/:listId", requireUser, limitChange, listParams, jsonBody(listInputSchema), async (c) => {
      const { userId, listId } = c.req.valid("param");
      const list = await updateList(store, c.get("user").id, userId, listId, c.req.valid("json"));
      return c.json({ list });
    })
    .delete("/:userId/:listId", requireUser, limitChange, listParams, async (c) => {
      const { userId, listId } = c.req.valid("param");
      await deleteList(store, c.get("user").id, userId, listId);
      return c.body(null, 204);
    });
}
