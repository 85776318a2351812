import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, viewerId } from "../../http/context.ts";
import { sendJsonBytes } from "../../http/json-bytes.ts";
import { pathParams, queryParams } from "../../http/validate.ts";
import { consensusParamsSchema, consensusQuerySchema } from "#shared/consensus.schema.ts";
import { listParamsSchema } from "#shared/lists.schema.ts";
import { consensusShareRoutes } from "../share/consensus-share.ts";
import { consensusSliceJson, listCloseness } from "./consensus.service.ts";

/**
 * Community Consensus, read only (docs/product.md, "Community Consensus"):
 * GET /consensus/:kind/:slice, and GET /consensus/lists/:userId/:listId, how
 * close a list the reader may see is to the community, and GET
 * /consensus/:kind/:slice/share, its top 10 as a share picture. Nothing here writes:
 * the consensus is computed off the request path (consensus-refresher.ts).
 */
export function consensusRoutes(deps: AppDeps) {
  const { store } = deps;
  return new Hono<AppEnv>()
    .get("/lists/:userId/:listId", pathParams(listParamsSchema, "List not found"), async (c) => {
      const { userId, listId } = c.req.valid("param");
      return c.json(await listCloseness(store, userId, listId, viewerId(c)));
    })
    .get(
      "/:kind/:slice",
      pathParams(consensusParamsSchema, "Consensus slice not found."),
      queryParams(consensusQuerySchema),
      async (c) => {
        const { kind, slice } = c.req.valid("param");
        return sendJsonBytes(c, await consensusSliceJson(store, kind, slice, c.req.valid("query").rows));
      },
    )
    .route("/", consensusShareRoutes(deps));
}
