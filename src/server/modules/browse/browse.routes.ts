import { Hono } from "hono";
import { type AppDeps, type AppEnv, requireUser } from "../../http/context.ts";
import { queryParams } from "../../http/validate.ts";
import { browseQuerySchema } from "#shared/browse.ts";
import { browseLists, favoriteLists, homeLists } from "./browse.service.ts";

export function browseRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
    .get("/browse", queryParams(browseQuerySchema), async (c) =>
      c.json(await browseLists(db, c.req.valid("query"), c.get("user")?.id ?? null)),
    )
    .get("/home", async (c) => c.json(await homeLists(db, c.get("user")?.id ?? null)))
    .get("/me/favorites", requireUser, async (c) =>
      c.json({ lists: await favoriteLists(db, c.get("user").id) }),
    );
}
