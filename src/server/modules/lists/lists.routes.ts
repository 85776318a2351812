import { Hono } from "hono";
import { type AppDeps, type AppEnv, requireUser } from "../../http/context.ts";
import { jsonBody } from "../../http/validate.ts";
import { listInputSchema } from "#shared/lists.ts";
import { createList, deleteList, getListDetail, updateList } from "./lists.service.ts";

export function listsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .post("/", requireUser, jsonBody(listInputSchema), async (c) => {
      const list = await createList(db, c.get("user").id, c.req.valid("json"));
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
      return c.json({ list });
    })
    .delete("/:userId/:listId", requireUser, async (c) => {
      await deleteList(db, c.get("user").id, c.req.param("userId"), c.req.param("listId"));
      return c.body(null, 204);
    });
}
