import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser } from "../../http/context.ts";
import { jsonBody } from "../../http/validate.ts";
import { favoriteLists } from "../browse/browse.service.ts";
import { clearDraft, getDraft, saveDraft } from "../drafts/drafts.service.ts";
import { listsOfUser } from "../lists/lists.service.ts";
import { draftSchema } from "#shared/drafts.schema.ts";
import { usernameSchema } from "#shared/profile.schema.ts";
import { limitPerUser } from "../../rate-limit/write-limits.ts";
import { spoilerHorizonInputSchema } from "#shared/spoiler-horizon.schema.ts";
import { setSpoilerHorizon } from "../spoilers/spoilers.service.ts";
import {
  changeUsername,
  drawIdol,
  getProfile,
  IDOL_DRAW_LIMIT,
  IDOL_DRAW_MESSAGE,
} from "./profiles.service.ts";

export const USERNAME_CHANGE_LIMIT = { max: 10, windowMs: 10 * 60_000 };
// The editor autosaves a draft every 2 seconds of editing, at most.
export const DRAFT_SAVE_LIMIT = { max: 90, windowMs: 60_000 };
// Set from a small form now and then; a burst of taps is the most it sees.
export const SPOILER_HORIZON_LIMIT = { max: 30, windowMs: 60_000 };

/** The signed-in user's own things: profile, lists, favourites, draft, spoiler horizon, idol draws. */
export function meRoutes(deps: AppDeps) {
  const { store, limits } = deps;
  const { db } = store;
  const limitRename = limitPerUser(
    limits,
    "username",
    USERNAME_CHANGE_LIMIT,
    "You are changing your username too often. Please wait a few minutes and try again.",
  );
  const limitDraw = limitPerUser(limits, "idol", IDOL_DRAW_LIMIT, IDOL_DRAW_MESSAGE);
  const limitDraft = limitPerUser(
    limits,
    "draft",
    DRAFT_SAVE_LIMIT,
    "Your draft is being saved too often. Please wait a moment.",
  );
  const limitHorizon = limitPerUser(
    limits,
    "spoiler-horizon",
    SPOILER_HORIZON_LIMIT,
    "You are changing your spoiler horizon too often. Please wait a minute and try again.",
  );
  return new Hono<AppEnv>()
    .get("/profile", requireUser, async (c) => c.json({ profile: await getProfile(db, c.get("user").id) }))
    .patch("/profile", requireUser, limitRename, jsonBody(usernameSchema), async (c) => {
      const name = await changeUsername(store, c.get("user").id, c.req.valid("json").displayName);
      return c.json({ displayName: name });
    })
    .get("/lists", requireUser, async (c) => c.json({ lists: await listsOfUser(store, c.get("user").id) }))
    .get("/favorites", requireUser, async (c) =>
      c.json({ lists: await favoriteLists(store, c.get("user").id) }),
    )
    .get("/draft", requireUser, async (c) => c.json({ draft: await getDraft(db, c.get("user").id) }))
    .put("/draft", requireUser, limitDraft, jsonBody(draftSchema), async (c) =>
      c.json({ draft: await saveDraft(db, c.get("user").id, c.req.valid("json")) }),
    )
    .delete("/draft", requireUser, limitDraft, async (c) => {
      await clearDraft(db, c.get("user").id);
      return c.body(null, 204);
    })
    .put("/spoiler-horizon", requireUser, limitHorizon, jsonBody(spoilerHorizonInputSchema), async (c) => {
      const horizon = await setSpoilerHorizon(store, c.get("user").id, c.req.valid("json").horizon);
      return c.json({ horizon });
    })
    .post("/idol-draws", requireUser, limitDraw, async (c) => c.json(await drawIdol(db, c.get("user").id)));
}
