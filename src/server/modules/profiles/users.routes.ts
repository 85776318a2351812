import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, viewerId } from "../../http/context.ts";
import { pathParams, queryParams } from "../../http/validate.ts";
import { userListsQuerySchema, userParamsSchema } from "#shared/profile.schema.ts";
import { withViewerFlags } from "../browse/browse.service.ts";
import { listsOfUserPage } from "../lists/lists.service.ts";
import { getProfile } from "./profiles.service.ts";

/** Anyone's public profile and one page of their public lists. */
export function usersRoutes(deps: AppDeps) {
  const { store } = deps;
  return new Hono<AppEnv>().get(
    "/:userId",
    pathParams(userParamsSchema, "User profile not found."),
    queryParams(userListsQuerySchema),
    async (c) => {
      const profile = await getProfile(store.db, c.req.valid("param").userId);
      const page = await listsOfUserPage(store, profile.id, c.req.valid("query").page, profile.listCount);
      const lists = await withViewerFlags(store, page.lists, viewerId(c));
      return c.json({ profile, ...page, lists });
    },
  );
}
