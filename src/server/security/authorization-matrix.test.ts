import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InboxDto } from "#server/api-types.ts";
import { clearAllRateLimits } from "#server/modules/rate-limit/rate-limit.service.ts";
import { createTestApp, type TestUser } from "#testing/test-app.ts";

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
  "POST /api/me/idol-draws": { attempt: () => ({ path: "/api/me/idol-draws" }), expect: members(200) },
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
 * better-auth's own routes, which the app registers as the group
 * "POST /api/auth/*" (plus the three it wraps with rate limits). Signing up,
 * in and out, and asking for a reset mail are open to visitors by design;
 * the routes that change an account need its session, and act only on it.
 */
const AUTH_GROUP = "POST /api/auth/*";
const AUTH_OPEN = new Set([
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-up/email",
  "POST /api/auth/request-password-reset",
  // Setting a new password takes the mailed token, not a session.
  "POST /api/auth/reset-password",
]);
const AUTH_ACCOUNT_ROUTES = [
  {
    path: "/api/auth/change-password",
    json: { currentPassword: "not-the-password", newPassword: "another-long-password" },
  },
  { path: "/api/auth/revoke-sessions", json: {} },
  { path: "/api/auth/revoke-other-sessions", json: {} },
  { path: "/api/auth/revoke-session", json: { token: "someone-elses-token" } },
];

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const t = await createTestApp({
  env: { ADMIN_EMAILS: "editor@example.com" },
  users: ["owner@example.com", "other@example.com", "editor@example.com", "fan@example.com"],
});
const [owner, other, editor, fan] = t.users;
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
    ...(me ? { cookie: me.cookie } : {}),
  });
}

const stateChangingRoutes = () => [
  ...new Set(
    t.app.routes
      .filter((r) => WRITE_METHODS.has(r.method) && r.path.startsWith("/api/"))
      .map((r) => `${r.method} ${r.path}`),
  ),
];

describe("the authorisation matrix", () => {
  it("names every state-changing route the app serves, and no route it does not", () => {
    const routes = stateChangingRoutes();
    const missing = routes.filter((r) => !MATRIX[r] && r !== AUTH_GROUP && !AUTH_OPEN.has(r));
    expect(
      missing,
      `add these routes to MATRIX in src/server/security/authorization-matrix.test.ts, with who may call them`,
    ).toEqual([]);
    const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
    expect(stale, "these MATRIX entries name routes the app no longer serves: remove them").toEqual([]);
  });

  for (const [route, entry] of Object.entries(MATRIX)) {
    const [method, pattern] = route.split(" ") as [string, string];
    it(`${route}: ${ROLES.map((r) => `${r} ${entry.expect[r]}`).join(", ")}`, async () => {
      const got: Record<string, number> = {};
      for (const role of ROLES) {
        // Rate limits are tested elsewhere; here they would only add 429s.
        await clearAllRateLimits(t.database.db);
        const me = people[role];
        const res = await send(method, await entry.attempt(seed, me), me);
        got[role] = res.status;
        await res.body?.cancel();
      }
      expect(got, `${method} ${pattern}`).toEqual(entry.expect);
    });
  }

  it(`${AUTH_GROUP}: the account routes refuse visitors and act only on the caller's own account`, async () => {
    for (const a of AUTH_ACCOUNT_ROUTES) {
      const res = await t.request(a.path, { json: a.json });
      expect(res.status, `visitor ${a.path}`).toBe(401);
    }
    // The one account whose password is wrong here is the caller's own: the
    // request names no other account, so it cannot reach one.
    const res = await t.request("/api/auth/change-password", {
      json: AUTH_ACCOUNT_ROUTES[0]!.json,
      cookie: other.cookie,
    });
    expect(res.status).toBe(400);
    expect((await t.signIn(owner.email)).id).toBe(owner.id);

    // Another member naming the owner's session cannot end it.
    const ownerToken = decodeURIComponent(/session_token=([^;]+)/.exec(owner.cookie)![1]!).split(".")[0]!;
    await t.request("/api/auth/revoke-session", { json: { token: ownerToken }, cookie: other.cookie });
    const session = await t.request("/api/auth/get-session", { cookie: owner.cookie });
    expect(((await session.json()) as { user?: { id: string } } | null)?.user?.id).toBe(owner.id);
  });
});
