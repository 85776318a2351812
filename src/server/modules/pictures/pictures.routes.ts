import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser } from "../../http/context.ts";
import { forbidden } from "../../http/errors.ts";
import { PICTURE_LIMITS } from "#shared/pictures.ts";
import { limitPerUser } from "../../rate-limit/write-limits.ts";
import { pictureOf, rerollPicture, restoreHeadshot, uploadPicture } from "./pictures.service.ts";
import { declaredSizeWithin, readBodyWithin } from "./upload-body.ts";

export const UPLOAD_LIMIT = { max: 10, windowMs: 10 * 60_000 };
export const PICTURE_CHANGE_LIMIT = { max: 20, windowMs: 10 * 60_000 };

export const UPLOAD_LIMIT_MESSAGE = "Too many uploads. Please wait a few minutes and try again.";
export const NOT_YOUR_PICTURE = "You can only change your own picture.";

/** The route's `:userId` must be the signed-in user (put it after `requireUser`): 403 otherwise. */
const ownPicture = createMiddleware<{ Variables: { user: { id: string } } }>(async (c, next) => {
  if (c.req.param("userId") !== c.get("user").id) throw forbidden(NOT_YOUR_PICTURE);
  await next();
});

/**
 * A member's profile picture, under their user id (mounted at /api/users),
 * changed only by that member. An upload is the image itself as the body (any
 * declared type: the content decides). Its guards all run before a byte of
 * the body is read: sign-in, owner, declared size, rate limit, then the
 * one-upload-at-a-time rule (in `uploadPicture`), and the body is refused
 * with 413 as soon as it passes 5 MB.
 */
export function picturesRoutes(deps: AppDeps) {
  const { store, limits } = deps;
  const limitUpload = limitPerUser(limits, "upload", UPLOAD_LIMIT, UPLOAD_LIMIT_MESSAGE);
  const limitChange = limitPerUser(
    limits,
    "picture-change",
    PICTURE_CHANGE_LIMIT,
    "You are changing your picture too often. Please wait a few minutes and try again.",
  );
  return new Hono<AppEnv>()
    .get("/:userId/picture", requireUser, ownPicture, async (c) =>
      c.json(await pictureOf(store.db, c.get("user").id)),
    )
    .post(
      "/:userId/picture",
      requireUser,
      ownPicture,
      declaredSizeWithin(PICTURE_LIMITS.maxBytes),
      limitUpload,
      async (c) => {
        const read = () => readBodyWithin(c, PICTURE_LIMITS.maxBytes);
        return c.json(await uploadPicture(store, deps.storage, c.get("user").id, read));
      },
    )
    .post("/:userId/picture/reroll", requireUser, ownPicture, limitChange, async (c) =>
      c.json(await rerollPicture(store, deps.storage, deps.media, c.get("user").id)),
    )
    .post("/:userId/picture/restore", requireUser, ownPicture, limitChange, async (c) =>
      c.json(await restoreHeadshot(store, deps.storage, c.get("user").id)),
    );
}
