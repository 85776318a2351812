import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, viewerId } from "../../http/context.ts";
import { homeLists } from "../browse/browse.service.ts";
import { sendSharedJson } from "../../http/json-bytes.ts";

/** The home page's two list rows: the week's most upvoted and the newest. */
export function homeRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", async (c) =>
    sendSharedJson(c, await homeLists(deps.store, viewerId(c))),
  );
}
