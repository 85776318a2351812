import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, viewerId } from "../../http/context.ts";
import { queryParams } from "../../http/validate.ts";
import { sendSharedJson } from "../../http/json-bytes.ts";
import { browseQuerySchema } from "#shared/browse.schema.ts";
import { browseLists } from "./browse.service.ts";

/** Public lists, searched, filtered, sorted and paged. */
export function browseRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get("/", queryParams(browseQuerySchema), async (c) =>
    sendSharedJson(c, await browseLists(deps.store, c.req.valid("query"), viewerId(c))),
  );
}
