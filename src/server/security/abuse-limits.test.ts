import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "#server/http/errors.ts";
import { EVENT_STREAM_CAPS, EVENT_STREAMS_MESSAGE } from "#server/modules/events/events.routes.ts";
import { LIST_CREATE_LIMIT } from "#server/modules/lists/lists.routes.ts";
import { USERNAME_CHANGE_LIMIT } from "#server/modules/profiles/me.routes.ts";
import { clearRateLimit, hitRateLimit } from "#server/modules/rate-limit/rate-limit.service.ts";
import { WRITE_LIMIT_MESSAGE, WRITE_LIMITS } from "#server/modules/rate-limit/write-limits.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

// F8: every write is limited per account and per address, and live-update
// streams are capped per account, per visitor address and in all.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { EVENT_STREAMS_MAX: "14" } });
});
afterAll(() => t.close());

const message = async (res: Response) => ((await res.json()) as ErrorBody).error.message;

describe("per-route write limits", () => {
  it("limits list creation per user", async () => {
    const user = await t.signUp("creator@example.com");
    const statuses: number[] = [];
    for (let i = 0; i <= LIST_CREATE_LIMIT.max; i++) {
      const res = await t.request("/api/lists", { json: { name: `L${i}`, items: [] }, cookie: user.cookie });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("limits username changes per user", async () => {
    const user = await t.signUp("renamer@example.com");
    let last = 0;
    for (let i = 0; i <= USERNAME_CHANGE_LIMIT.max; i++) {
      last = (
        await t.request("/api/me/profile", {
          method: "PATCH",
          json: { displayName: `renamer-${i}` },
          cookie: user.cookie,
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});

describe("the limit on every write", () => {
  it("refuses any write once the account's budget is spent, and leaves reads alone", async () => {
    const user = await t.signUp("spender@example.com");
    for (let i = 0; i < WRITE_LIMITS.perUser.max; i++) {
      await hitRateLimit(t.database.db, `write:${user.id}`, WRITE_LIMITS.perUser);
    }
    const res = await t.request("/api/notifications/read-all", { method: "POST", cookie: user.cookie });
    expect(res.status).toBe(429);
    expect(await message(res)).toBe(WRITE_LIMIT_MESSAGE);
    expect((await t.request("/api/me/profile", { cookie: user.cookie })).status).toBe(200);
  });

  it("counts visitors' writes per address too", async () => {
    const key = "write-ip:unknown"; // app.request has no socket: every test request is this address
    for (let i = 0; i < WRITE_LIMITS.perIp.max; i++)
      await hitRateLimit(t.database.db, key, WRITE_LIMITS.perIp);
    const res = await t.request("/api/lists", { json: { name: "x" } });
    expect(res.status).toBe(429);
    await clearRateLimit(t.database.db, key);
  });
});

describe("live-update streams", () => {
  const open = async (cookie?: string) => {
    const res = await t.request("/api/events", cookie ? { cookie } : {});
    return res;
  };
  const close = async (res: Response) => {
    await res.body?.cancel();
    // The stream gives its place back on abort, a tick later.
    await new Promise((r) => setTimeout(r, 20));
  };

  it(`caps one account at ${EVENT_STREAM_CAPS.perUser} and gives places back as streams close`, async () => {
    const user = await t.signUp("tabs@example.com");
    const streams = [];
    for (let i = 0; i < EVENT_STREAM_CAPS.perUser; i++) {
      const res = await open(user.cookie);
      expect(res.status).toBe(200);
      streams.push(res);
    }
    const refused = await open(user.cookie);
    expect(refused.status).toBe(429);
    expect(await message(refused)).toBe(EVENT_STREAMS_MESSAGE);
    await close(streams.pop()!);
    const again = await open(user.cookie);
    expect(again.status).toBe(200);
    streams.push(again);
    for (const s of streams) await close(s);
  });

  it("caps the streams of the whole process (EVENT_STREAMS_MAX)", async () => {
    const streams = [];
    for (let i = 0; i < 14; i++) streams.push(await open());
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const user = await t.signUp("late@example.com");
    expect((await open(user.cookie)).status).toBe(429);
    for (const s of streams) await close(s);
    const after = await open(user.cookie);
    expect(after.status).toBe(200);
    await close(after);
  });
});
