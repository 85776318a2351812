import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InboxDto } from "#server/api-types.ts";
import { DISABLED_AUTH_PATHS } from "#server/auth/auth.ts";
import { session as sessionTable } from "#server/db/schema/index.ts";
import { eq } from "drizzle-orm";
import { createTestApp, TEST_PASSWORD, type TestUser } from "#testing/test-app.ts";
import { AUTH_GROUP, authWriteEndpointsOf, writeRoutesOf } from "./route-table.ts";

/*
 * Who may change what: every state-changing API route, found in the app
 * itself, tried by four people. A route the app serves that this table does
 * not name fails the test, so a new write route cannot ship unreviewed.
 *
 *   visitor  no session
 *   other    a signed-in member who owns nothing below
 *   owner    the member who owns the seeded list, comment and notification
 *   editor   a member named in ADMIN_EMAILS (owns nothing below either)
 *
 * Routes under /api/me act on the caller's own things, so every member may
 * use them; only the visitor is refused.
 */

type Role = "visitor" | "other" | "owner" | "editor";
const ROLES: readonly Role[] = ["visitor", "other", "owner", "editor"];

interface Attempt {
  path: string;
  json?: unknown;
  body?: Uint8Array<ArrayBuffer>;
  contentType?: string;
  /** Another session of the caller's than its usual one (one the attempt may end). */
  cookie?: string;
}

interface Seed {
  listId: string;
  commentId: string;
  notificationId: string;
  photo: Uint8Array<ArrayBuffer>;
  /** A new list of the owner's, for attempts that delete or change one for good. */
  freshList(): Promise<string>;
  freshComment(): Promise<string>;
}

interface Entry {
  /** The request for one role's attempt; `me` is the caller (null for the visitor). */
  attempt(seed: Seed, me: TestUser | null): Promise<Attempt> | Attempt;
  expect: Record<Role, number>;
}

const members = (ok: number) => ({ visitor: 401, other: ok, owner: ok, editor: ok });
const anyone = (status: number) => ({ visitor: status, other: status, owner: status, editor: status });
const ownerOnly = (ok: number) => ({ visitor: 401, other: 403, owner: ok, editor: 403 });
const listItems = ["s1-richard-hatch", "s2-tina-wesson"];
const slots = ["s49-alex-moore", "s49-annie-davis", ...Array<null>(8).fill(null)];

/** Keyed "METHOD /path" exactly as the app registers the route. */
const MATRIX: Record<string, Entry> = {
  "POST /api/lists": {
    attempt: () => ({ path: "/api/lists", json: { name: "Matrix", items: listItems } }),
    expect: members(201),
  },
  "PUT /api/lists/:userId/:listId": {
    attempt: (s) => ({
      path: `/api/lists/${owner.id}/${s.listId}`,
      json: { name: "Renamed", items: listItems },
    }),
    expect: ownerOnly(200),
  },
  "DELETE /api/lists/:userId/:listId": {
    attempt: async (s) => ({ path: `/api/lists/${owner.id}/${await s.freshList()}` }),
    expect: ownerOnly(204),
  },
  "POST /api/lists/:userId/:listId/upvote": {
    attempt: (s) => ({ path: `/api/lists/${owner.id}/${s.listId}/upvote` }),
    expect: members(200),
  },
  "POST /api/lists/:userId/:listId/favorite": {
    attempt: (s) => ({ path: `/api/lists/${owner.id}/${s.listId}/favorite` }),
    expect: members(200),
  },
  "PATCH /api/me/profile": {
    attempt: (_s, me) => ({ path: "/api/me/profile", json: { displayName: `${me?.name ?? "nobody"}-new` } }),
    expect: members(200),
  },
  "PUT /api/me/draft": {
    attempt: () => ({ path: "/api/me/draft", json: { name: "Draft", items: listItems } }),
    expect: members(200),
  },
  "DELETE /api/me/draft": { attempt: () => ({ path: "/api/me/draft" }), expect: members(204) },
  "PUT /api/me/spoiler-horizon": {
    attempt: () => ({ path: "/api/me/spoiler-horizon", json: { horizon: { upTo: 30 } } }),
    expect: members(200),
  },
  "POST /api/me/idol-draws": { attempt: () => ({ path: "/api/me/idol-draws" }), expect: members(200) },
  // Only ever the caller's own account, confirmed by its own name: any other name is refused, so
  // nobody here is deleted (account.test.ts deletes one, and shows another member cannot).
  "DELETE /api/me/account": {
    attempt: () => ({
      path: "/api/me/account",
      json: { username: "nobody-at-all", password: TEST_PASSWORD },
    }),
    expect: members(400),
  },
  // Another session of the owner's, by id: only the owner may end it; to anyone else it does not exist.
  "DELETE /api/me/sessions/:sessionId": {
    attempt: async () => ({ path: `/api/me/sessions/${await freshOwnerSession()}` }),
    expect: { visitor: 401, other: 404, owner: 204, editor: 404 },
  },
  // A picture is changed only by its member: another member's is 403.
  "POST /api/users/:userId/picture": {
    attempt: (s) => ({ path: `/api/users/${owner.id}/picture`, body: s.photo, contentType: "image/png" }),
    expect: ownerOnly(200),
  },
  "POST /api/users/:userId/picture/reroll": {
    attempt: () => ({ path: `/api/users/${owner.id}/picture/reroll` }),
    expect: ownerOnly(200),
  },
  // Runs after the upload above, so the owner has a headshot to go back to.
  "POST /api/users/:userId/picture/restore": {
    attempt: () => ({ path: `/api/users/${owner.id}/picture/restore` }),
    expect: ownerOnly(200),
  },
  "PUT /api/reference-lists/:id": {
    attempt: () => ({ path: "/api/reference-lists/maddysList", json: { items: listItems } }),
    expect: { visitor: 401, other: 403, owner: 403, editor: 200 },
  },
  "POST /api/comments": {
    attempt: (s) => ({
      path: "/api/comments",
      json: { target: { listUserId: owner.id, listId: s.listId }, text: "A matrix comment" },
    }),
    expect: members(201),
  },
  "POST /api/comments/:commentId/vote": {
    attempt: (s) => ({ path: `/api/comments/${s.commentId}/vote`, json: { value: 1 } }),
    expect: members(200),
  },
  // Editors moderate: they may delete anyone's comment.
  "DELETE /api/comments/:commentId": {
    attempt: async (s) => ({ path: `/api/comments/${await s.freshComment()}` }),
    expect: { visitor: 401, other: 403, owner: 204, editor: 204 },
  },
  "PUT /api/global-rankings/:categoryId/submission": {
    attempt: () => ({ path: "/api/global-rankings/season-49/submission", json: { slots } }),
    expect: members(200),
  },
  "POST /api/notifications/read-all": {
    attempt: () => ({ path: "/api/notifications/read-all" }),
    expect: members(200),
  },
  // Someone else's notification is not found, not forbidden: its id tells nothing.
  "POST /api/notifications/:id/read": {
    attempt: (s) => ({ path: `/api/notifications/${s.notificationId}/read` }),
    expect: { visitor: 401, other: 404, owner: 200, editor: 404 },
  },
};

/**
 * better-auth's own endpoints. The app registers them as one group,
 * "POST /api/auth/*", so they are read off `auth.api` instead: every enabled
 * one that may change state is named here, and one enabled later (a plugin,
 * a new better-auth version) fails the test until it is. Those the product
 * does not use are switched off in DISABLED_AUTH_PATHS (auth.ts) and answer
 * 404 to everyone (tested below).
 *
 * Signing up, in and out, and asking for or using a reset mail are open to
 * visitors by design; the account routes need a session and act only on the
 * caller's own account (no request names another one), so other, owner and
 * editor get the same answer.
 */
const AUTH_MATRIX: Record<string, Entry> = {
  "POST /api/auth/sign-up/email": {
    attempt: () => ({
      path: "/api/auth/sign-up/email",
      json: { email: `new-${randomUUID()}@example.com`, password: TEST_PASSWORD, name: "" },
    }),
    expect: anyone(200),
  },
  "POST /api/auth/sign-in/email": {
    attempt: () => ({ path: "/api/auth/sign-in/email", json: { email: fan.email, password: TEST_PASSWORD } }),
    expect: anyone(200),
  },
  // The social providers are not configured in tests: there is nothing to start.
  "POST /api/auth/sign-in/social": {
    attempt: () => ({ path: "/api/auth/sign-in/social", json: { provider: "google", callbackURL: "/" } }),
    expect: anyone(404),
  },
  // A provider's answer; without a configured provider, a redirect to the error page.
  "POST /api/auth/callback/:id": {
    attempt: () => ({ path: "/api/auth/callback/google", json: { code: "x", state: "y" } }),
    expect: anyone(302),
  },
  // Ends the caller's own session (a fresh one here, so the role keeps its own).
  "POST /api/auth/sign-out": {
    attempt: async (_s, me) => ({
      path: "/api/auth/sign-out",
      json: {},
      ...(me ? { cookie: (await t.signIn(me.email)).cookie } : {}),
    }),
    expect: anyone(200),
  },
  // Sessions are read by GET (auth.routes.ts); better-auth refuses this POST to everyone.
  "POST /api/auth/get-session": {
    attempt: () => ({ path: "/api/auth/get-session", json: {} }),
    expect: anyone(405),
  },
  "POST /api/auth/request-password-reset": {
    attempt: () => ({
      path: "/api/auth/request-password-reset",
      json: { email: fan.email, redirectTo: "/login" },
    }),
    expect: anyone(200),
  },
  // Takes the mailed token, not a session: a made-up one changes nothing.
  "POST /api/auth/reset-password": {
    attempt: () => ({
      path: "/api/auth/reset-password",
      json: { token: "not-a-mailed-token", newPassword: "another-long-password" },
    }),
    expect: anyone(400),
  },
  // The caller's own password, checked against its own account: wrong here, so 400.
  "POST /api/auth/change-password": {
    attempt: () => ({
      path: "/api/auth/change-password",
      json: { currentPassword: "not-the-password", newPassword: "another-long-password" },
    }),
    expect: members(400),
  },
  // Ends every session of the caller's own (they are signed in again afterwards).
  "POST /api/auth/revoke-sessions": {
    attempt: () => ({ path: "/api/auth/revoke-sessions", json: {} }),
    expect: members(200),
  },
  "POST /api/auth/revoke-other-sessions": {
    attempt: () => ({ path: "/api/auth/revoke-other-sessions", json: {} }),
    expect: members(200),
  },
  // A token not among the caller's sessions: nothing to revoke (someone else's is tested below).
  "POST /api/auth/revoke-session": {
    attempt: () => ({ path: "/api/auth/revoke-session", json: { token: "someone-elses-token" } }),
    expect: members(200),
  },
};

const t = await createTestApp({
  env: { ADMIN_EMAILS: "editor@example.com" },
  users: ["owner@example.com", "other@example.com", "editor@example.com", "fan@example.com"],
});
const [owner, other, editor, fan] = t.users;

/** The id of a new session of the owner's (never the one the owner's requests carry). */
async function freshOwnerSession(): Promise<string> {
  const session = await t.signIn(owner.email);
  const token = decodeURIComponent(/session_token=([^;]+)/.exec(session.cookie)![1]!).split(".")[0]!;
  const [row] = await t.store.db
    .select({ id: sessionTable.id })
    .from(sessionTable)
    .where(eq(sessionTable.token, token));
  return row!.id;
}
const people: Record<Role, TestUser | null> = { visitor: null, other, owner, editor };
afterAll(() => t.close());

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const seed = {} as Seed;
beforeAll(async () => {
  const newList = async () =>
    (
      await json<{ list: { id: string } }>(
        await t.request("/api/lists", { json: { name: "Owned", items: listItems }, cookie: owner.cookie }),
        201,
      )
    ).list.id;
  const newComment = async () =>
    (
      await json<{ id: string }>(
        await t.request("/api/comments", {
          json: { target: { listUserId: owner.id, listId: seed.listId }, text: "The owner's comment" },
          cookie: owner.cookie,
        }),
        201,
      )
    ).id;
  seed.freshList = newList;
  seed.freshComment = newComment;
  seed.listId = await newList();
  seed.commentId = await newComment();
  // A fan's upvote rings the owner's Inbox.
  await json(
    await t.request(`/api/lists/${owner.id}/${seed.listId}/upvote`, { method: "POST", cookie: fan.cookie }),
    200,
  );
  const inbox = await json<InboxDto>(await t.request("/api/notifications", { cookie: owner.cookie }), 200);
  seed.notificationId = inbox.notifications[0]!.id;
  seed.photo = new Uint8Array(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3a6" } })
      .png()
      .toBuffer(),
  );
});

async function send(method: string, a: Attempt, me: TestUser | null): Promise<Response> {
  const headers: Record<string, string> = {};
  if (a.contentType) headers["Content-Type"] = a.contentType;
  return t.request(a.path, {
    method,
    headers,
    ...(a.json !== undefined ? { json: a.json } : a.body ? { body: a.body } : {}),
    ...(a.cookie ? { cookie: a.cookie } : me ? { cookie: me.cookie } : {}),
  });
}

/** After an attempt that may have ended the caller's sessions, a new one for the next test. */
async function keepSignedIn(me: TestUser | null) {
  if (!me) return;
  const res = await t.request("/api/auth/get-session", { cookie: me.cookie });
  if ((await res.json()) === null) me.cookie = (await t.signIn(me.email)).cookie;
}

const authWriteEndpoints = () => authWriteEndpointsOf(t.auth.api, DISABLED_AUTH_PATHS);
const stateChangingRoutes = () => writeRoutesOf(t.app);

describe("the authorisation matrix", () => {
  it("names every state-changing route the app serves, and no route it does not", () => {
    const routes = stateChangingRoutes();
    const missing = routes.filter((r) => !MATRIX[r] && r !== AUTH_GROUP && !AUTH_MATRIX[r]);
    expect(
      missing,
      `add these routes to MATRIX in src/server/security/authorization-matrix.test.ts, with who may call them`,
    ).toEqual([]);
    const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
    expect(stale, "these MATRIX entries name routes the app no longer serves: remove them").toEqual([]);
  });

  it("names every better-auth endpoint that is enabled and takes a write", () => {
    const enabled = authWriteEndpoints();
    expect(
      enabled.filter((r) => !AUTH_MATRIX[r]),
      "add these to AUTH_MATRIX with who may call them, or switch them off in DISABLED_AUTH_PATHS (src/server/auth/auth.ts)",
    ).toEqual([]);
    expect(
      Object.keys(AUTH_MATRIX).filter((r) => !enabled.includes(r)),
      "these AUTH_MATRIX entries name endpoints better-auth no longer serves: remove them",
    ).toEqual([]);
  });

  it("answers 404 to everyone on the better-auth endpoints switched off", async () => {
    const methodOf = new Map(
      Object.values(t.auth.api as Record<string, { path?: unknown; options?: { method?: unknown } }>).map(
        (e) => [e.path, String([e.options?.method].flat()[0])],
      ),
    );
    for (const path of DISABLED_AUTH_PATHS) {
      const method = methodOf.get(path) ?? "POST";
      for (const role of ROLES) {
        const me = people[role];
        const res = await t.request(`/api/auth${path}`, {
          method,
          ...(method === "GET" ? {} : { json: {} }),
          ...(me ? { cookie: me.cookie } : {}),
        });
        expect(res.status, `${role} ${method} /api/auth${path}`).toBe(404);
        await res.body?.cancel();
      }
    }
  });

  for (const [route, entry] of [...Object.entries(MATRIX), ...Object.entries(AUTH_MATRIX)]) {
    const [method, pattern] = route.split(" ") as [string, string];
    it(`${route}: ${ROLES.map((r) => `${r} ${entry.expect[r]}`).join(", ")}`, async () => {
      const got: Record<string, number> = {};
      for (const role of ROLES) {
        // Rate limits are tested elsewhere; here they would only add 429s.
        await t.limits.clearAll();
        const me = people[role];
        const res = await send(method, await entry.attempt(seed, me), me);
        got[role] = res.status;
        await res.body?.cancel();
        await keepSignedIn(me);
      }
      expect(got, `${method} ${pattern}`).toEqual(entry.expect);
    });
  }

  it("better-auth's account routes act only on the caller's own account", async () => {
    // Another member naming the owner's session cannot end it.
    const ownerToken = decodeURIComponent(/session_token=([^;]+)/.exec(owner.cookie)![1]!).split(".")[0]!;
    await t.request("/api/auth/revoke-session", { json: { token: ownerToken }, cookie: other.cookie });
    const session = await t.request("/api/auth/get-session", { cookie: owner.cookie });
    expect(((await session.json()) as { user?: { id: string } } | null)?.user?.id).toBe(owner.id);
    // Each member's change-password attempt above checked the caller's own password, not the owner's.
    expect((await t.signIn(owner.email)).id).toBe(owner.id);
  });
});
