import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser, viewerId } from "../../http/context.ts";
import { jsonBody, pathParams } from "../../http/validate.ts";
import { categoryParamsSchema, submissionSchema } from "#shared/global-rankings.schema.ts";
import { limitPerUser } from "../../rate-limit/write-limits.ts";
import { categoryDetail, listCategories, submitRanking } from "./global-rankings.service.ts";

export const SUBMIT_LIMIT = { max: 20, windowMs: 60_000 };

export function globalRankingsRoutes(deps: AppDeps) {
  const { store } = deps;
  const categoryParams = pathParams(categoryParamsSchema, "Category not found.");
  const limitSubmit = limitPerUser(
    deps.limits,
    "global-submit",
    SUBMIT_LIMIT,
    "You are submitting too fast. Please wait a moment and try again.",
  );
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await listCategories(store)))
    .get("/:categoryId", categoryParams, async (c) =>
      c.json(await categoryDetail(store, c.req.valid("param").categoryId, viewerId(c))),
    )
    .put(
      "/:categoryId/submission",
      requireUser,
      limitSubmit,
      categoryParams,
      jsonBody(submissionSchema),
      async (c) => {
        const user = c.get("user");
        const { categoryId } = c.req.valid("param");
        const saved = await submitRanking(store, user.id, categoryId, c.req.valid("json").slots);
        return c.json(await categoryDetail(store, categoryId, user.id, saved));
      },
    );
}
