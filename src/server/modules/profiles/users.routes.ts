import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, viewerId } from "../../http/context.ts";
import { pathParams } from "../../http/validate.ts";
import { userParamsSchema } from "#shared/profile.schema.ts";
import { withViewerFlags } from "../browse/browse.service.ts";
import { listsOfUser } from "../lists/lists.service.ts";
import { getProfile } from "./profiles.service.ts";

/** Anyone's public profile and lists. */
export function usersRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>().get(
    "/:userId",
    pathParams(userParamsSchema, "User profile not found."),
    async (c) => {
      const profile = await getProfile(db, c.req.valid("param").userId);
      const lists = await withViewerFlags(db, await listsOfUser(db, profile.id), viewerId(c));
      return c.json({ profile, lists });
    },
  );
}
