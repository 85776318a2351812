import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISABLED_AUTH_PATHS } from "../auth/auth.ts";
import { AUTH_GROUP, authWriteEndpointsOf, writeRoutesOf } from "../security/route-table.ts";
import { createTestApp, TEST_PASSWORD, type TestApp, type TestUser } from "#testing/test-app.ts";
import { createTestDatabase, type TestDatabase } from "#testing/test-db.ts";

/*
 * Caches cannot be fooled by forgetting. Every state-changing route the app
 * serves (found in the app itself, as the authorisation matrix finds them) is
 * performed; then every cached read its write could change is made through
 * the app, and must answer exactly what an app that caches nothing answers
 * on the same database. Before each write the reads are made once, so every
 * cache holds an answer the write could make stale. A write route without a
 * recipe here fails the first test; one whose service forgets its domain
 * event fails its own.
 *
 * On PostgreSQL a second app on its own connection pool stands for a second
 * server process: everything two processes share is the database (no module
 * state is shared between apps), so it must show the write within a second,
 * through the domain events it hears by NOTIFY.
 */

const onPostgres = process.env.TEST_DB_KIND === "postgres";
const EDITOR = "editor@example.com";
const castaways = ["s1-richard-hatch", "s20-parvati-shallow", "s40-tony-vlachos"];

interface Seed {
  listId: string;
  commentId: string;
  photo: Uint8Array<ArrayBuffer>;
}

/** One write: made ready (before the caches are filled), then done; its answer must be a success unless `refused`. */
interface Recipe {
  prepare?(): Promise<unknown>;
  write(prepared: unknown): Promise<Response>;
  /** Why this route cannot succeed here (nothing is written; the reads are still compared). */
  refused?: string;
}

let database: TestDatabase;
let t: TestApp;
let fresh: TestApp;
let other: TestApp | null = null;
let owner: TestUser;
let fan: TestUser;
let editor: TestUser;
const seed = {} as Seed;
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { ADMIN_EMAILS: EDITOR };
  const created = await createTestApp({
    database,
    env,
    users: ["owner@example.com", "fan@example.com", EDITOR],
  });
  t = created;
  [owner, fan, editor] = created.users;
  fresh = await createTestApp({ database, env, caching: false });
  if (onPostgres) other = await createTestApp({ database: await database.secondPool!(), env });
  seed.listId = await createList("Coherence list", ["strategic"]);
  seed.commentId = await comment(owner, "The owner's first word");
  seed.photo = new Uint8Array(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#36a" } })
      .png()
      .toBuffer(),
  );
}, 120_000);

afterAll(async () => {
  await other?.close();
  await fresh?.close();
  await t?.close();
  await database?.dispose();
});

async function ok<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}

async function createList(name: string, tags: string[] = [], by = owner): Promise<string> {
  const res = await t.request("/api/lists", { json: { name, tags, items: castaways }, cookie: by.cookie });
  return (await ok<{ list: { id: string } }>(res, 201)).list.id;
}

async function comment(by: TestUser, text: string, replyTo?: string) {
  const res = await t.request("/api/comments", {
    json: { ...commentOn(text), ...(replyTo ? { replyTo } : {}) },
    cookie: by.cookie,
  });
  return (await ok<{ id: string }>(res, 201)).id;
}

const post = (path: string, by: TestUser | null, json: unknown = {}) =>
  t.request(path, { json, ...(by ? { cookie: by.cookie } : {}) });

/** Every write route's recipe, keyed "METHOD /path" as the app (or better-auth) serves it. */
const RECIPES: Record<string, Recipe> = {
  "POST /api/lists": { write: () => post("/api/lists", fan, { name: "A new list", items: castaways }) },
  "PUT /api/lists/:userId/:listId": {
    write: () =>
      t.request(`/api/lists/${owner.id}/${seed.listId}`, {
        method: "PUT",
        json: { name: unique("Renamed coherence "), tags: ["social"], items: [...castaways].reverse() },
        cookie: owner.cookie,
      }),
  },
  "DELETE /api/lists/:userId/:listId": {
    prepare: () => createList("Doomed coherence list", ["spoiler"]),
    write: (listId) =>
      t.request(`/api/lists/${owner.id}/${String(listId)}`, { method: "DELETE", cookie: owner.cookie }),
  },
  "POST /api/lists/:userId/:listId/upvote": {
    write: () => post(`/api/lists/${owner.id}/${seed.listId}/upvote`, fan),
  },
  "POST /api/lists/:userId/:listId/favorite": {
    write: () => post(`/api/lists/${owner.id}/${seed.listId}/favorite`, fan),
  },
  "PATCH /api/me/profile": {
    write: () =>
      t.request("/api/me/profile", {
        method: "PATCH",
        json: { displayName: unique("owner") },
        cookie: owner.cookie,
      }),
  },
  "PUT /api/me/draft": {
    write: () =>
      t.request("/api/me/draft", {
        method: "PUT",
        json: { name: "Draft", items: castaways },
        cookie: fan.cookie,
      }),
  },
  "DELETE /api/me/draft": {
    write: () => t.request("/api/me/draft", { method: "DELETE", cookie: fan.cookie }),
  },
  // The fan's horizon hides later castaways from every read the fan makes (modules/spoilers).
  "PUT /api/me/spoiler-horizon": {
    write: () =>
      t.request("/api/me/spoiler-horizon", {
        method: "PUT",
        json: { horizon: { upTo: 1 } },
        cookie: fan.cookie,
      }),
  },
  "POST /api/me/idol-draws": { write: () => post("/api/me/idol-draws", fan) },
  // A member who touched everything others see: lists, upvotes, favourites, comments, votes, a submission.
  "DELETE /api/me/account": {
    prepare: async () => {
      const leaver = await t.signUp(`${unique("leaver")}@example.com`);
      await createList(unique("Leaver's list "), ["strategic"], leaver);
      await ok(await post(`/api/lists/${owner.id}/${seed.listId}/upvote`, leaver));
      await ok(await post(`/api/lists/${owner.id}/${seed.listId}/favorite`, leaver));
      await ok(await post(`/api/comments/${seed.commentId}/vote`, leaver, { value: -1 }));
      const thread = await comment(leaver, "The leaver's thread");
      await comment(fan, "An answer to the leaver", thread);
      await comment(leaver, "The leaver answers the owner", seed.commentId);
      await ok(
        await t.request("/api/global-rankings/season-49/submission", {
          method: "PUT",
          json: { slots: ["s49-annie-davis", "s49-alex-moore", ...Array<null>(8).fill(null)] },
          cookie: leaver.cookie,
        }),
      );
      return leaver;
    },
    write: (leaver) =>
      t.request("/api/me/account", {
        method: "DELETE",
        json: { username: (leaver as TestUser).name, password: TEST_PASSWORD },
        cookie: (leaver as TestUser).cookie,
      }),
  },
  "DELETE /api/me/sessions/:sessionId": {
    prepare: async () => {
      const laptop = await t.signIn(fan.email);
      const mine = await ok<{ sessions: { id: string; current: boolean }[] }>(
        await t.request("/api/me/account", { cookie: laptop.cookie }),
      );
      return mine.sessions.find((s) => s.current)!.id;
    },
    write: (id) => t.request(`/api/me/sessions/${String(id)}`, { method: "DELETE", cookie: fan.cookie }),
  },
  "POST /api/users/:userId/picture": {
    write: () =>
      t.request(`/api/users/${owner.id}/picture`, {
        method: "POST",
        body: seed.photo,
        headers: { "Content-Type": "image/png" },
        cookie: owner.cookie,
      }),
  },
  "POST /api/users/:userId/picture/reroll": {
    write: () => post(`/api/users/${fan.id}/picture/reroll`, fan),
  },
  // Runs after the upload above: the owner has a headshot to go back to.
  "POST /api/users/:userId/picture/restore": {
    write: () => post(`/api/users/${owner.id}/picture/restore`, owner),
  },
  "PUT /api/reference-lists/:id": {
    write: () =>
      t.request("/api/reference-lists/maddysList", {
        method: "PUT",
        json: { items: castaways },
        cookie: editor.cookie,
      }),
  },
  "POST /api/comments": { write: () => post("/api/comments", fan, commentOn("Fan's reply-less comment")) },
  "POST /api/comments/:commentId/vote": {
    write: () => post(`/api/comments/${seed.commentId}/vote`, fan, { value: 1 }),
  },
  "DELETE /api/comments/:commentId": {
    prepare: () => comment(fan, "Soon gone"),
    write: (id) => t.request(`/api/comments/${String(id)}`, { method: "DELETE", cookie: editor.cookie }),
  },
  "PUT /api/global-rankings/:categoryId/submission": {
    write: () =>
      t.request("/api/global-rankings/season-49/submission", {
        method: "PUT",
        json: { slots: ["s49-alex-moore", "s49-annie-davis", ...Array<null>(8).fill(null)] },
        cookie: fan.cookie,
      }),
  },
  "POST /api/notifications/read-all": { write: () => post("/api/notifications/read-all", owner) },
  "POST /api/notifications/:id/read": {
    prepare: async () => {
      await comment(fan, "Rings the owner");
      const inbox = await ok<{ notifications: { id: string }[] }>(
        await t.request("/api/notifications", { cookie: owner.cookie }),
      );
      return inbox.notifications[0]!.id;
    },
    write: (id) => post(`/api/notifications/${String(id)}/read`, owner),
  },
  // better-auth's endpoints.
  "POST /api/auth/sign-up/email": {
    write: () =>
      post("/api/auth/sign-up/email", null, {
        email: `${unique("joiner")}@example.com`,
        password: TEST_PASSWORD,
        name: "",
      }),
  },
  "POST /api/auth/sign-in/email": {
    write: () => post("/api/auth/sign-in/email", null, { email: fan.email, password: TEST_PASSWORD }),
  },
  "POST /api/auth/sign-in/social": { refused: "no social provider is configured in tests", write: social },
  "POST /api/auth/callback/:id": {
    refused: "no social provider is configured in tests",
    write: () => post("/api/auth/callback/google", null, { code: "x", state: "y" }),
  },
  "POST /api/auth/sign-out": {
    prepare: () => t.signIn(fan.email),
    write: (session) => post("/api/auth/sign-out", session as TestUser),
  },
  "POST /api/auth/get-session": {
    refused: "sessions are read by GET; better-auth refuses this POST",
    write: () => post("/api/auth/get-session", fan),
  },
  "POST /api/auth/request-password-reset": {
    write: () => post("/api/auth/request-password-reset", null, { email: fan.email, redirectTo: "/login" }),
  },
  "POST /api/auth/reset-password": {
    prepare: async () => {
      await ok(
        await post("/api/auth/request-password-reset", null, { email: owner.email, redirectTo: "/login" }),
      );
      // The mailed link names the token in its path.
      const link = new URL(/https?:\/\/\S+/.exec(t.outbox.at(-1)!.text)![0]);
      return link.pathname.split("/").at(-1);
    },
    write: (token) => post("/api/auth/reset-password", null, { token, newPassword: TEST_PASSWORD }),
  },
  "POST /api/auth/change-password": {
    write: () =>
      post("/api/auth/change-password", fan, {
        currentPassword: TEST_PASSWORD,
        newPassword: TEST_PASSWORD,
        revokeOtherSessions: true,
      }),
  },
  "POST /api/auth/revoke-sessions": { write: () => post("/api/auth/revoke-sessions", editor) },
  "POST /api/auth/revoke-other-sessions": { write: () => post("/api/auth/revoke-other-sessions", fan) },
  "POST /api/auth/revoke-session": {
    prepare: () => t.signIn(owner.email),
    write: (session) =>
      post("/api/auth/revoke-session", owner, {
        token: decodeURIComponent(/session_token=([^;]+)/.exec((session as TestUser).cookie)![1]!).split(
          ".",
        )[0],
      }),
  },
};

function social() {
  return post("/api/auth/sign-in/social", null, { provider: "google", callbackURL: "/" });
}

function commentOn(text: string) {
  return { target: { listUserId: owner.id, listId: seed.listId }, text };
}

/** Every cached read a write could change, as each kind of reader makes it. */
function reads(): { label: string; path: string; as: TestUser | null; header?: string }[] {
  const list = `${owner.id}/${seed.listId}`;
  const discussion = `/api/comments?listUserId=${owner.id}&listId=${seed.listId}`;
  // What visitors share (a member's answer is the same plus their own part).
  const shared = [
    "/api/browse",
    "/api/browse?sort=mostVotes",
    "/api/browse?type=castaways&q=coherence",
    "/api/browse?tags=strategic",
    "/api/browse?tags=social",
    "/api/home",
    `${discussion}&sort=top`,
    "/api/comments?categoryId=season-49",
    "/api/global-rankings",
    "/api/reference-lists",
    "/api/consensus/seasons/all",
    "/api/consensus/castaways/season-20",
    "/sitemap.xml",
  ];
  // A member's own part of an answer: flags, votes, delete rights, submission, session.
  const own = [
    "/api/browse",
    "/api/home",
    `/api/lists/${list}`,
    `/api/consensus/lists/${list}`,
    discussion,
    "/api/global-rankings/season-49",
    `/api/users/${owner.id}`,
    "/api/auth/get-session",
    "/api/me/favorites",
    "/api/browse?tags=favorites",
  ];
  const read = (as: TestUser | null) => (path: string) => ({
    label: `${as?.email ?? "visitor"} ${path}`,
    path,
    as,
  });
  return [
    ...[...shared, ...own].map(read(null)),
    ...own.map(read(fan)),
    ...own.map(read(owner)),
    read(editor)(discussion),
    {
      label: "share picture version",
      path: `/api/lists/${list}/share?size=preview`,
      as: null,
      header: "etag",
    },
  ];
}

/** What a reader is shown: the body (JSON parsed, else text), or the one header that names a picture's version. */
async function answer(app: TestApp, read: ReturnType<typeof reads>[number]): Promise<unknown> {
  const res = await app.request(read.path, read.as ? { cookie: read.as.cookie } : {});
  if (read.header) {
    await res.body?.cancel();
    return { status: res.status, [read.header]: res.headers.get(read.header) };
  }
  const text = await res.text();
  return {
    status: res.status,
    body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text,
  };
}

/** Every read's answer, by what was read and by whom. */
async function answers(app: TestApp): Promise<Record<string, unknown>> {
  const all = reads();
  const got = await Promise.all(all.map((r) => answer(app, r)));
  return Object.fromEntries(all.map((r, i) => [r.label, got[i]]));
}

/** Every write leaves the members signed in for the next (some end their sessions on purpose). */
async function keepSignedIn() {
  for (const member of [owner, fan, editor]) {
    const res = await t.request("/api/auth/get-session", { cookie: member.cookie });
    if ((await res.json()) === null) member.cookie = (await t.signIn(member.email)).cookie;
  }
}

async function within(ms: number, check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

describe("cached answers equal fresh ones after every write", () => {
  it("has a recipe for every state-changing route the app serves, and for no other", () => {
    const routes = [
      ...writeRoutesOf(t.app).filter((r) => r !== AUTH_GROUP),
      ...authWriteEndpointsOf(t.auth.api, DISABLED_AUTH_PATHS),
    ];
    expect(
      routes.filter((r) => !RECIPES[r]),
      "add a recipe to RECIPES in src/server/cache/cache-coherence.test.ts",
    ).toEqual([]);
    expect(
      Object.keys(RECIPES).filter((r) => !routes.includes(r)),
      "these name no route: remove them",
    ).toEqual([]);
  });

  for (const [route, recipe] of Object.entries(RECIPES)) {
    it(`${route}${recipe.refused ? ` (refused: ${recipe.refused})` : ""}`, async () => {
      await t.limits.clearAll();
      const prepared = await recipe.prepare?.();
      // Fill every cache (here, and in the other process) with answers the write could make stale.
      await answers(t);
      if (other) await answers(other);
      const res = await recipe.write(prepared);
      const status = res.status;
      await res.body?.cancel();
      if (recipe.refused) expect(status).toBeGreaterThanOrEqual(300);
      else expect(status, route).toBeLessThan(300);
      await t.app.deps.store.events.flush();
      const expected = await answers(fresh);
      expect(await answers(t)).toEqual(expected);
      // The other process hears of it by NOTIFY, within the second the README promises.
      if (other) await within(1000, async () => expect(await answers(other!)).toEqual(expected));
      await keepSignedIn();
    }, 90_000);
  }
});
