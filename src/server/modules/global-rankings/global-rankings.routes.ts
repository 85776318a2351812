import { Hono } from "hono";
import type { AppDeps } from "../../app-deps.ts";
import { type AppEnv, requireUser, viewerId } from "../../http/context.ts";
import { tooManyRequests } from "../../http/errors.ts";
import { jsonBody, pathParams } from "../../http/validate.ts";
import { categoryParamsSchema, submissionSchema } from "#shared/global-rankings.schema.ts";
import { hitRateLimit } from "../rate-limit/rate-limit.service.ts";
import { categoryDetail, forgetResults, listCategories, submitRanking } from "./global-rankings.service.ts";

/** The public event open overview and detail pages refetch on; data: { categoryId }. */
export const GLOBAL_RANKINGS_EVENT = "global-rankings";
/** Under load, one event per category per second is enough for watchers. */
const EVENT_INTERVAL_MS = 1000;
export const SUBMIT_LIMIT = { max: 20, windowMs: 60_000 };

/**
 * Publishes at most one event per category per interval: the first at once,
 * the rest folded into one at the end of the interval.
 */
function coalescedPublisher(publish: (categoryId: string) => Promise<void>) {
  const last = new Map<string, number>();
  const pending = new Set<string>();
  return (categoryId: string) => {
    const now = Date.now();
    const since = now - (last.get(categoryId) ?? 0);
    if (since >= EVENT_INTERVAL_MS) {
      last.set(categoryId, now);
      return publish(categoryId);
    }
    if (pending.has(categoryId)) return Promise.resolve();
    pending.add(categoryId);
    setTimeout(() => {
      pending.delete(categoryId);
      last.set(categoryId, Date.now());
      void publish(categoryId).catch(() => {});
    }, EVENT_INTERVAL_MS - since).unref();
    return Promise.resolve();
  };
}

export function globalRankingsRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const categoryParams = pathParams(categoryParamsSchema, "Category not found.");
  // Another process's submission reaches this one through the hub: drop the shared results.
  deps.hub.subscribe(null, (event) => {
    if (event.type === GLOBAL_RANKINGS_EVENT) forgetResults(db);
  });
  const announce = coalescedPublisher((categoryId) =>
    deps.hub.publish({ type: GLOBAL_RANKINGS_EVENT, data: { categoryId } }),
  );
  return new Hono<AppEnv>()
    .get("/", async (c) => c.json(await listCategories(db)))
    .get("/:categoryId", categoryParams, async (c) =>
      c.json(await categoryDetail(db, c.req.valid("param").categoryId, viewerId(c))),
    )
    .put("/:categoryId/submission", requireUser, categoryParams, jsonBody(submissionSchema), async (c) => {
      const user = c.get("user");
      if (!(await hitRateLimit(db, `global-submit:${user.id}`, SUBMIT_LIMIT))) {
        throw tooManyRequests("You are submitting too fast. Please wait a moment and try again.");
      }
      const { categoryId } = c.req.valid("param");
      await submitRanking(db, user.id, categoryId, c.req.valid("json").slots);
      await announce(categoryId);
      return c.json(await categoryDetail(db, categoryId, user.id));
    });
}
