import { Hono } from "hono";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { SessionUser } from "#server/auth/auth.ts";
import { type AppEnv, requireUser } from "#server/http/context.ts";
import { ApiError } from "#server/http/errors.ts";
import { createTestDatabase, type TestDatabase } from "#testing/test-db.ts";
import { createRateLimiter, type RateLimiter, type RateLimitRule } from "./rate-limiter.ts";
import { limitEveryWrite, limitPerUser, WRITE_LIMIT_MESSAGE, WRITE_LIMITS } from "./write-limits.ts";

/**
 * The write middleware and a route's own member limits, over the counters
 * PostgreSQL-backed servers use (the table, shared by processes), in a small
 * app shaped like the API: session, write limit, routes.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(() => database.dispose());

/** The real limiter, with every hit's start and answer written down in order. */
function recordingLimiter(limits: RateLimiter) {
  const log: string[] = [];
  const recording: RateLimiter = {
    ...limits,
    async hit(key: string, rule: RateLimitRule) {
      log.push(`ask ${key}`);
      const allowed = await limits.hit(key, rule);
      log.push(`answer ${key}`);
      return allowed;
    },
  };
  return { log, limits: recording };
}

const BURST = { max: 2, windowMs: 60_000 };
const MINUTE = { max: 3, windowMs: 60_000 };
const EXPORT = { max: 1, windowMs: 60_000 };

function appWith(limits: RateLimiter) {
  const burst = limitPerUser(limits, "t-burst", BURST, "Slow down a little.");
  const minute = limitPerUser(limits, "t-minute", MINUTE, "Wait a minute.");
  const app = new Hono<AppEnv>()
    .use((c, next) => {
      const id = c.req.header("x-member");
      c.set("user", id ? ({ id } as SessionUser) : null);
      return next();
    })
    .use(limitEveryWrite(limits))
    .post("/comment", requireUser, burst, minute, (c) => c.text("posted"))
    .post("/plain", requireUser, (c) => c.text("done"))
    .get("/export", requireUser, limitPerUser(limits, "t-export", EXPORT, "Once a minute."), (c) =>
      c.text("exported"),
    );
  app.onError((err, c) =>
    err instanceof ApiError ? c.json(err.toBody(), err.status) : c.text("crash", 500),
  );
  return app;
}

const send = async (app: Hono<AppEnv>, path: string, member: string, method = "POST") => {
  const res = await app.request(path, { method, headers: { "x-member": member } });
  const body = res.headers.get("content-type")?.includes("json")
    ? ((await res.json()) as { error: { message: string } }).error.message
    : await res.text();
  return [res.status, body] as const;
};

describe("a write's counters, its route's own with its general ones", () => {
  let table: RateLimiter;
  beforeEach(async () => {
    table = createRateLimiter(database.db, { soleProcess: false });
    await table.clearAll();
  });

  it("are all asked for before any is answered: one batch, one round trip", async () => {
    const { log, limits } = recordingLimiter(table);
    expect(await send(appWith(limits), "/comment", "m1")).toEqual([200, "posted"]);
    expect(log.slice(0, 4).every((line) => line.startsWith("ask "))).toBe(true);
    expect(log.filter((line) => line.startsWith("ask ")).sort()).toEqual([
      "ask t-burst:m1",
      "ask t-minute:m1",
      "ask write-ip:unknown",
      "ask write:m1",
    ]);
  });

  it("answer a spent route limit with that route's own sentence, and each limit in turn", async () => {
    const app = appWith(table);
    expect(await send(app, "/comment", "m2")).toEqual([200, "posted"]);
    expect(await send(app, "/comment", "m2")).toEqual([200, "posted"]);
    expect(await send(app, "/comment", "m2")).toEqual([429, "Slow down a little."]);
    // The refused third counted against the minute too: both counters are the member's own.
    expect(await send(app, "/comment", "m2")).toEqual([429, "Slow down a little."]);
    await table.clear("t-burst:m2");
    expect(await send(app, "/comment", "m2")).toEqual([429, "Wait a minute."]);
    // Another member's counters are untouched; a route without limits of its own is not refused.
    expect(await send(app, "/comment", "m3")).toEqual([200, "posted"]);
    expect(await send(app, "/plain", "m2")).toEqual([200, "done"]);
  });

  it("answer a spent general counter with the write limit's sentence, whatever the route", async () => {
    const limits = createRateLimiter(database.db, { soleProcess: true });
    const app = appWith(limits);
    for (let i = 0; i < WRITE_LIMITS.perUser.max; i++) expect((await send(app, "/plain", "m4"))[0]).toBe(200);
    expect(await send(app, "/plain", "m4")).toEqual([429, WRITE_LIMIT_MESSAGE]);
    expect(await send(app, "/comment", "m4")).toEqual([429, WRITE_LIMIT_MESSAGE]);
  });

  it("leave a visitor to the route's 401, counting only their address", async () => {
    const { log, limits } = recordingLimiter(table);
    const res = await appWith(limits).request("/comment", { method: "POST" });
    expect(res.status).toBe(401);
    expect(log.filter((line) => line.startsWith("ask "))).toEqual(["ask write-ip:unknown"]);
  });

  it("are counted by the route's own middleware where no write was counted (a GET)", async () => {
    const app = appWith(table);
    expect(await send(app, "/export", "m5", "GET")).toEqual([200, "exported"]);
    expect(await send(app, "/export", "m5", "GET")).toEqual([429, "Once a minute."]);
  });
});
