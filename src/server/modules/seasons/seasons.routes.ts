import { Hono } from "hono";
import { etag } from "hono/etag";
import type { AppDeps } from "../../app-deps.ts";
import type { AppEnv } from "../../http/context.ts";
import { listSeasons } from "./seasons.service.ts";

export function seasonsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().use(etag()).get("/", async (c) => {
    const seasons = await listSeasons(deps.database.db);
    // Reference data changes only when a server starts with a new data file;
    // revalidation through the ETag keeps a stale copy from living long.
    c.header("Cache-Control", "public, max-age=300, must-revalidate");
    return c.json({ seasons });
  });
}
