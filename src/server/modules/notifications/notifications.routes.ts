import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser } from "../../http/context.ts";
import { pathParams } from "../../http/validate.ts";
import { pathIdSchema } from "#shared/lists.schema.ts";
import { inboxOf, markAllRead, markRead } from "./notifications.service.ts";

const notificationParams = pathParams(z.object({ id: pathIdSchema }), "Notification not found.");

/** The signed-in user's Inbox: the newest notifications, unread count, marking read. */
export function notificationsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .get("/", requireUser, async (c) => c.json(await inboxOf(db, c.get("user").id)))
    .post("/read-all", requireUser, async (c) => {
      await markAllRead(db, c.get("user").id);
      return c.json(await inboxOf(db, c.get("user").id));
    })
    .post("/:id/read", requireUser, notificationParams, async (c) => {
      await markRead(db, c.get("user").id, c.req.valid("param").id);
      return c.json(await inboxOf(db, c.get("user").id));
    });
}
