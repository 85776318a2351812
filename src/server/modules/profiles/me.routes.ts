import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser } from "../../http/context.ts";
import { jsonBody } from "../../http/validate.ts";
import { favoriteLists } from "../browse/browse.service.ts";
import { clearDraft, getDraft, saveDraft } from "../drafts/drafts.service.ts";
import { listsOfUser } from "../lists/lists.service.ts";
import { draftSchema } from "#shared/drafts.schema.ts";
import { usernameSchema } from "#shared/profile.schema.ts";
import { changeUsername, drawIdol, getProfile } from "./profiles.service.ts";

/** The signed-in user's own things: profile, lists, favourites, draft, idol draws. */
export function meRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .get("/profile", requireUser, async (c) => c.json({ profile: await getProfile(db, c.get("user").id) }))
    .patch("/profile", requireUser, jsonBody(usernameSchema), async (c) => {
      const name = await changeUsername(db, c.get("user").id, c.req.valid("json").displayName);
      return c.json({ displayName: name });
    })
    .get("/lists", requireUser, async (c) => c.json({ lists: await listsOfUser(db, c.get("user").id) }))
    .get("/favorites", requireUser, async (c) => c.json({ lists: await favoriteLists(db, c.get("user").id) }))
    .get("/draft", requireUser, async (c) => c.json({ draft: await getDraft(db, c.get("user").id) }))
    .put("/draft", requireUser, jsonBody(draftSchema), async (c) =>
      c.json({ draft: await saveDraft(db, c.get("user").id, c.req.valid("json")) }),
    )
    .delete("/draft", requireUser, async (c) => {
      await clearDraft(db, c.get("user").id);
      return c.body(null, 204);
    })
    .post("/idol-draws", requireUser, async (c) => c.json(await drawIdol(db, c.get("user").id)));
}
