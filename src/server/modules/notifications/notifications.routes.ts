import { Hono } from "hono";
import { z } from "zod";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser } from "../../http/context.ts";
import { pathParams } from "../../http/validate.ts";
import { pathIdSchema } from "#shared/lists.schema.ts";
import { limitPerUser } from "../../rate-limit/write-limits.ts";
import { inboxOf, markAllRead, markRead } from "./notifications.service.ts";

export const MARK_READ_LIMIT = { max: 120, windowMs: 60_000 };

const notificationParams = pathParams(z.object({ id: pathIdSchema }), "Notification not found.");

/** The signed-in user's Inbox: the newest notifications, unread count, marking read. */
export function notificationsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const limited = limitPerUser(
    deps.limits,
    "mark-read",
    MARK_READ_LIMIT,
    "You are doing that too often. Please wait a moment and try again.",
  );
  return new Hono<AppEnv>()
    .get("/", requireUser, async (c) => c.json(await inboxOf(db, c.get("user").id)))
    .post("/read-all", requireUser, limited, async (c) => {
      await markAllRead(db, c.get("user").id);
      return c.json(await inboxOf(db, c.get("user").id));
    })
    .post("/:id/read", requireUser, limited, notificationParams, async (c) => {
      await markRead(db, c.get("user").id, c.req.valid("param").id);
      return c.json(await inboxOf(db, c.get("user").id));
    });
}
