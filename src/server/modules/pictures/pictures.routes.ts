import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser } from "../../http/context.ts";
import { ApiError, tooManyRequests } from "../../http/errors.ts";
import { PICTURE_LIMITS, PICTURE_MESSAGES } from "#shared/pictures.ts";
import { forgetBrowseCache } from "../browse/browse-cache.ts";
import { hitRateLimit } from "../rate-limit/rate-limit.service.ts";
import { limitPerUser } from "../rate-limit/write-limits.ts";
import { pictureOf, rerollPicture, restoreHeadshot, uploadPicture } from "./pictures.service.ts";

export const UPLOAD_LIMIT = { max: 10, windowMs: 10 * 60_000 };
export const PICTURE_CHANGE_LIMIT = { max: 20, windowMs: 10 * 60_000 };

/**
 * The signed-in user's profile picture. An upload is the image itself as the
 * body (any declared type: the content decides), refused with 413 as soon as
 * it passes 5 MB, before the rest is read.
 */
export function picturesRoutes(deps: AppDeps) {
  const { db } = deps.database;
  // The picture shows on list cards and comments, whose shared answers are cached for a few seconds.
  const changed = <T>(state: T): T => {
    forgetBrowseCache(db);
    return state;
  };
  const limitChange = limitPerUser(
    db,
    "picture-change",
    PICTURE_CHANGE_LIMIT,
    "You are changing your picture too often. Please wait a few minutes and try again.",
  );
  return new Hono<AppEnv>()
    .get("/", requireUser, async (c) => c.json(await pictureOf(db, c.get("user").id)))
    .post(
      "/",
      requireUser,
      bodyLimit({
        maxSize: PICTURE_LIMITS.maxBytes,
        onError: () => {
          throw new ApiError(413, "TOO_LARGE", PICTURE_MESSAGES.tooLarge);
        },
      }),
      async (c) => {
        const user = c.get("user");
        if (!(await hitRateLimit(db, `upload:${user.id}`, UPLOAD_LIMIT))) {
          throw tooManyRequests("Too many uploads. Please wait a few minutes and try again.");
        }
        const read = async () => Buffer.from(await c.req.arrayBuffer());
        return c.json(changed(await uploadPicture(db, deps.storage, user.id, read)));
      },
    )
    .post("/reroll", requireUser, limitChange, async (c) =>
      c.json(changed(await rerollPicture(db, deps.storage, deps.media, c.get("user").id))),
    )
    .post("/restore", requireUser, limitChange, async (c) =>
      c.json(changed(await restoreHeadshot(db, deps.storage, c.get("user").id))),
    );
}
