import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../http/context.ts";
import { listsOfUser } from "../lists/lists.service.ts";
import { getProfile } from "./profiles.service.ts";

/** Anyone's public profile and lists. */
export function usersRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>().get("/:userId", async (c) => {
    const profile = await getProfile(db, c.req.param("userId"));
    return c.json({ profile, lists: await listsOfUser(db, profile.id) });
  });
}
