import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "#server/http/errors.ts";
import {
  EVENT_STREAM_CAPS,
  EVENT_STREAMS_MESSAGE,
  streamCaps,
} from "#server/modules/events/events.routes.ts";
import { PASSWORD_CHECK_LIMIT, PASSWORD_CHECK_MESSAGE } from "#server/modules/auth/auth-limits.ts";
import { LIST_CHANGE_LIMIT, LIST_CREATE_LIMIT } from "#server/modules/lists/lists.routes.ts";
import {
  DRAFT_SAVE_LIMIT,
  SPOILER_HORIZON_LIMIT,
  USERNAME_CHANGE_LIMIT,
} from "#server/modules/profiles/me.routes.ts";
import { REACTION_LIMIT } from "#server/modules/reactions/reactions.routes.ts";
import { WRITE_LIMIT_MESSAGE, WRITE_LIMITS } from "#server/rate-limit/write-limits.ts";
import { createTestApp, TEST_PASSWORD, type TestApp, type TestUser } from "#testing/test-app.ts";

// Every write is limited per account and per address, and live-update
// streams are capped per account, per address (members' too) and in all.

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

/** The statuses of `n` calls of `send`, one after another. */
async function statusesOf(n: number, send: (i: number) => Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await send(i);
    await res.arrayBuffer();
    out.push(res.status);
  }
  return out;
}

describe("per-route write limits, continued", () => {
  const newList = async (user: TestUser) => {
    const res = await t.request("/api/lists", { json: { name: "Mine", items: [] }, cookie: user.cookie });
    return ((await res.json()) as { list: { id: string } }).list.id;
  };

  it("limits upvote and favourite toggles together per user", async () => {
    const owner = await t.signUp("liked@example.com");
    const fan = await t.signUp("fan@example.com");
    const listId = await newList(owner);
    const statuses = await statusesOf(REACTION_LIMIT.max + 1, (i) =>
      t.request(`/api/lists/${owner.id}/${listId}/${i % 2 ? "favorite" : "upvote"}`, {
        method: "POST",
        cookie: fan.cookie,
      }),
    );
    expect(statuses.slice(0, -1).every((s) => s < 300)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("limits draft saves per user", async () => {
    const user = await t.signUp("drafter@example.com");
    const statuses = await statusesOf(DRAFT_SAVE_LIMIT.max + 1, (i) =>
      t.request("/api/me/draft", {
        method: "PUT",
        json: { name: `draft ${i}`, description: "", tags: [], items: [] },
        cookie: user.cookie,
      }),
    );
    expect(statuses.slice(0, -1).every((s) => s < 300)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("limits spoiler horizon changes per user", async () => {
    const user = await t.signUp("horizon-setter@example.com");
    const statuses = await statusesOf(SPOILER_HORIZON_LIMIT.max + 1, (i) =>
      t.request("/api/me/spoiler-horizon", {
        method: "PUT",
        json: { horizon: { upTo: (i % 50) + 1 } },
        cookie: user.cookie,
      }),
    );
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("limits list changes and deletions together per user", async () => {
    const user = await t.signUp("editor-of-lists@example.com");
    const listId = await newList(user);
    const statuses = await statusesOf(LIST_CHANGE_LIMIT.max, (i) =>
      t.request(`/api/lists/${user.id}/${listId}`, {
        method: "PUT",
        json: { name: `Mine ${i}`, items: [] },
        cookie: user.cookie,
      }),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const deletion = await t.request(`/api/lists/${user.id}/${listId}`, {
      method: "DELETE",
      cookie: user.cookie,
    });
    expect(deletion.status).toBe(429);
  });
});

describe("better-auth's writes", () => {
  it(`limit password checks of a signed-in account to ${PASSWORD_CHECK_LIMIT.max} per 15 minutes`, async () => {
    const user = await t.signUp("stolen-session@example.com");
    const statuses = await statusesOf(PASSWORD_CHECK_LIMIT.max, (i) =>
      t.request("/api/auth/change-password", {
        json: { currentPassword: `guess-number-${i}`, newPassword: "a-new-password-1" },
        cookie: user.cookie,
      }),
    );
    expect(statuses.every((s) => s >= 400 && s < 500 && s !== 429)).toBe(true);
    // Even the right password is refused now: the guesser cannot tell.
    const right = await t.request("/api/auth/change-password", {
      json: { currentPassword: TEST_PASSWORD, newPassword: "a-new-password-1" },
      cookie: user.cookie,
    });
    expect(right.status).toBe(429);
    expect(await message(right)).toBe(PASSWORD_CHECK_MESSAGE);
  });

  it("count sign-out and revocations against the account's write budget", async () => {
    const user = await t.signUp("busy-account@example.com");
    for (let i = 0; i < WRITE_LIMITS.perUser.max; i++) {
      await t.limits.hit(`write:${user.id}`, WRITE_LIMITS.perUser);
    }
    for (const path of [
      "/api/auth/sign-out",
      "/api/auth/revoke-sessions",
      "/api/auth/revoke-other-sessions",
    ]) {
      const res = await t.request(path, { method: "POST", cookie: user.cookie, json: {} });
      expect(res.status, path).toBe(429);
      expect(await message(res)).toBe(WRITE_LIMIT_MESSAGE);
    }
    // Still signed in: nothing was revoked.
    const session = await t.request("/api/auth/get-session", { cookie: user.cookie });
    expect(await session.json()).not.toBeNull();
  });

  it("count visitors' auth writes per address", async () => {
    const key = "write-ip:unknown";
    for (let i = 0; i < WRITE_LIMITS.perIp.max; i++) await t.limits.hit(key, WRITE_LIMITS.perIp);
    for (const path of ["/api/auth/sign-in/social", "/api/auth/sign-out", "/api/auth/sign-up/email"]) {
      const res = await t.request(path, { json: { provider: "google", email: "x@example.com" } });
      expect(res.status, path).toBe(429);
    }
    await t.limits.clear(key);
  });
});

describe("the limit on every write", () => {
  it("refuses any write once the account's budget is spent, and leaves reads alone", async () => {
    const user = await t.signUp("spender@example.com");
    for (let i = 0; i < WRITE_LIMITS.perUser.max; i++) {
      await t.limits.hit(`write:${user.id}`, WRITE_LIMITS.perUser);
    }
    const res = await t.request("/api/notifications/read-all", { method: "POST", cookie: user.cookie });
    expect(res.status).toBe(429);
    expect(await message(res)).toBe(WRITE_LIMIT_MESSAGE);
    expect((await t.request("/api/me/profile", { cookie: user.cookie })).status).toBe(200);
  });

  it("counts visitors' writes per address too", async () => {
    const key = "write-ip:unknown"; // app.request has no socket: every test request is this address
    for (let i = 0; i < WRITE_LIMITS.perIp.max; i++) await t.limits.hit(key, WRITE_LIMITS.perIp);
    const res = await t.request("/api/lists", { json: { name: "x" } });
    expect(res.status).toBe(429);
    await t.limits.clear(key);
  });
});

describe("live-update streams", () => {
  const open = (cookie?: string, from = "10.9.9.9") =>
    t.request("/api/events", { from, ...(cookie ? { cookie } : {}) });
  const close = async (res: Response) => {
    await res.body?.cancel();
    // The stream gives its place back on abort, a tick later.
    await new Promise((r) => setTimeout(r, 20));
  };

  it(`caps one account at ${EVENT_STREAM_CAPS.perUser} and gives places back as streams close`, async () => {
    const user = await t.signUp("tabs@example.com");
    const roomy = await createTestApp({ env: { EVENT_STREAMS_MAX: "100" }, database: t.database });
    try {
      // From several addresses, so only the account's own cap can bind.
      const from = (i: number) => `10.1.0.${i}`;
      const streams = [];
      for (let i = 0; i < EVENT_STREAM_CAPS.perUser; i++) {
        const res = await roomy.request("/api/events", { cookie: user.cookie, from: from(i) });
        expect(res.status).toBe(200);
        streams.push(res);
      }
      const refused = await roomy.request("/api/events", { cookie: user.cookie, from: from(99) });
      expect(refused.status).toBe(429);
      expect(await message(refused)).toBe(EVENT_STREAMS_MESSAGE);
      await close(streams.pop()!);
      const again = await roomy.request("/api/events", { cookie: user.cookie, from: from(98) });
      expect(again.status).toBe(200);
      streams.push(again);
      for (const s of streams) await close(s);
    } finally {
      await roomy.close();
    }
  });

  it("caps one address, members' streams included, below the total: one address signed in as many accounts cannot take every place", async () => {
    const total = 60;
    const { perAddress } = streamCaps(total);
    expect(perAddress).toBeLessThan(total);
    const roomy = await createTestApp({ env: { EVENT_STREAMS_MAX: String(total) }, database: t.database });
    try {
      const accounts = [];
      for (let i = 0; i < 7; i++) accounts.push(await roomy.signUp(`many-accounts-${i}@example.com`));
      const streams: Response[] = [];
      const statuses: number[] = [];
      for (const account of accounts) {
        for (let i = 0; i < EVENT_STREAM_CAPS.perUser; i++) {
          const res = await roomy.request("/api/events", { cookie: account.cookie, from: "10.2.0.1" });
          statuses.push(res.status);
          if (res.status === 200) streams.push(res);
        }
      }
      expect(streams).toHaveLength(perAddress);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7 * EVENT_STREAM_CAPS.perUser - perAddress);
      // The next visitor, from elsewhere, still gets in.
      const visitor = await roomy.request("/api/events", { from: "10.2.0.2" });
      expect(visitor.status).toBe(200);
      for (const s of [...streams, visitor]) await close(s);
    } finally {
      await roomy.close();
    }
  }, 120_000);

  it("caps the streams of the whole process (EVENT_STREAMS_MAX)", async () => {
    const streams = [];
    for (let i = 0; i < 14; i++) streams.push(await open(undefined, `10.3.0.${i}`));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const user = await t.signUp("late@example.com");
    expect((await open(user.cookie, "10.3.1.1")).status).toBe(429);
    for (const s of streams) await close(s);
    const after = await open(user.cookie, "10.3.1.1");
    expect(after.status).toBe(200);
    await close(after);
  });
});
