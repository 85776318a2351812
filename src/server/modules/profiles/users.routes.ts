import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { withViewerFlags } from "../browse/browse.service.ts";
import { listsOfUser } from "../lists/lists.service.ts";
import { getProfile } from "./profiles.service.ts";

/** Anyone's public profile and lists. */
export function usersRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>().get("/:userId", async (c) => {
    const profile = await getProfile(db, c.req.param("userId"));
    const lists = await withViewerFlags(db, await listsOfUser(db, profile.id), c.get("user")?.id ?? null);
    return c.json({ profile, lists });
  });
}
