import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GLOBAL_SLOTS } from "#shared/global-rankings.ts";
import { LIMITS } from "#shared/limits.ts";
import { createTestApp, TEST_ORIGIN, TEST_PASSWORD, type TestApp, type TestUser } from "#testing/test-app.ts";
import { fillPath, isWriteMethod, type ParamValue, type RouteEntry, routeTable } from "./route-table.ts";

/**
 * Every route of the app (read off `app.routes`, better-auth's endpoints off
 * `auth.api`, the client's pages and static files from a tiny built client),
 * called with generated bad input: wrong types, huge strings, NUL and control
 * characters, deep nesting, unicode edge cases, missing and extra fields,
 * wrong content types and none at all, malformed JSON, garbage path
 * parameters (percent-encoded, and raw: '%00', a lone '%', '%FF', overlong
 * UTF-8) and queries; as a visitor, as the owner of seeded data, as another
 * member and as an editor. Passes with no 5xx answer and no invalid row
 * stored in any table a request can write.
 *
 * CI: FUZZ_REQUESTS (default 2000). `npm run fuzz` runs a longer pass;
 * FUZZ_SEED replays one.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
const rnd = generator(SEED);

const deep = (depth: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

const BAD_STRINGS = [
  "",
  " ",
  "   \t\n ",
  "x".repeat(LIMITS.usernameMax + 1),
  "x".repeat(LIMITS.listNameMax + 1),
  "x".repeat(LIMITS.listDescriptionMax + 1),
  "x".repeat(LIMITS.commentMax + 1),
  "x".repeat(5000),
  "y".repeat(60_000),
  "\u0000",
  "a\u0000b",
  "\u0001\u0002\u0007\b\u000b\f\u000e\u001b\u007f\u0085",
  "\u202eevil\u202c",
  "\u200b\u200c\u200d\ufeff",
  "e\u0301".repeat(40),
  "🏝️🔥👩‍👩‍👧‍👦".repeat(8),
  "𝕏".repeat(LIMITS.usernameMax),
  "\ud83d",
  "x\udc00y",
  "\ud800\ud800",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "$& $' $`",
  "%00",
  "%ZZ",
  "../../etc/passwd",
  "s1",
  "s9999",
  `s1-${"a".repeat(80)}`,
  "list_1",
  "__proto__",
  "null",
];
const BAD_VALUES: unknown[] = [
  ...BAD_STRINGS,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  true,
  false,
  null,
  [],
  {},
  [null],
  [[[]]],
  { $ne: 1 },
  Array.from({ length: 1001 }, () => "s1"),
  Array.from({ length: 30 }, () => "x"),
  deep(50, "x"),
  deep(3000, 1),
];
const BAD_PARAMS = [
  " ",
  "%",
  "%FF",
  "%ED%A0%80",
  "%C0%AE%C0%AE",
  "..",
  "x".repeat(300),
  "💥",
  "\u202e",
  "null",
  "-1",
  "1e309",
  "__proto__",
  "constructor",
  "s1",
  "list_0",
];
/** Put in the path as they are: the router and the handlers see them undecoded. */
const RAW_PARAMS = [
  "%00",
  "a%00b",
  "%01%02%1B",
  "%1F",
  "%7F",
  "%C2%85",
  "%FF",
  "%FE%FF",
  "%",
  "%%",
  "a%",
  "%Z",
  "%ZZ",
  "%E0%A4%A",
  "%ED%A0%80",
  "%ED%BF%BF",
  "%C0%80",
  "%C0%AE%C0%AE",
  "%F4%90%80%80",
  "%2e%2e",
  "%2F",
  "a%2Fb",
  "%5C..%5C",
  // Control characters typed into the URL: the URL parser percent-encodes (or drops) them.
  "\u0001x",
  "x\u007f",
  "x".repeat(5000),
  "%41".repeat(3000),
  "%E2%80%AE".repeat(200),
];
const QUERY_KEYS = ["q", "page", "sort", "type", "tags", "listUserId", "listId", "categoryId", "token", "x"];
const RAW_QUERY_VALUES = ["%", "%E0%A4%A", "%FF", "%ED%A0%80", "a+b", "%20", "[]", "{}"];
const CONTENT_TYPES = [
  "text/plain",
  "text/html",
  "",
  "json",
  "application/",
  "application/jsonx",
  "application/json-patch",
  "*/*",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "application/json; charset=utf-16",
  "application/vnd.api+json",
  "application/octet-stream",
];
const MALFORMED_JSON = [
  "{",
  "[1,",
  '"',
  '{"a":}',
  "\ufeff{}",
  "NaN",
  "1e999999",
  "null",
  '{"__proto__":{"admin":true}}',
  `{"name":"${"\\".repeat(10)}"}`,
  "[".repeat(20_000) + "]".repeat(20_000),
  '{"a":1,"a":2}',
];

/** A season or castaway id as the catalogue spells them (list items, slots, scores). */
const ITEM_ID = "^s[0-9]{1,3}(-[a-z0-9-]{1,80})?$";

type Ids = { userId: string; listId: string; commentId: string; notificationId: string };

/** A valid body per route, so mutations get past the first check and into the handler. */
function templateFor(method: string, path: string, ids: Ids): Record<string, unknown> {
  const items = ["s1-richard-hatch", "s2-colby-donaldson"];
  const byRoute: Record<string, Record<string, unknown>> = {
    "POST /api/lists": { name: "Fuzzed", description: "d", tags: ["social"], items },
    "PUT /api/lists/:userId/:listId": { name: "Fuzzed", description: "d", tags: ["social"], items },
    "PATCH /api/me/profile": { displayName: "fuzzer" },
    "PUT /api/me/draft": { name: "draft", description: "", tags: [], items },
    // Never the fuzzer's own name: a valid request is refused, not an account deleted.
    "DELETE /api/me/account": { username: "not-the-fuzzers-name", password: TEST_PASSWORD },
    "PUT /api/me/spoiler-horizon": { horizon: { seasons: [1, 2, 3] } },
    "POST /api/comments": { target: { listUserId: ids.userId, listId: ids.listId }, text: "hello" },
    "POST /api/comments/:commentId/vote": { value: 1 },
    "PUT /api/global-rankings/:categoryId/submission": {
      slots: ["s1-richard-hatch", null, null, null, null, null, null, null, null, null],
    },
    "PUT /api/reference-lists/:id": { items },
    "POST /api/auth/sign-in/email": { email: "fuzz@example.com", password: TEST_PASSWORD },
    "POST /api/auth/sign-up/email": { email: "fuzz-new@example.com", password: TEST_PASSWORD, name: "fuzz" },
    "POST /api/auth/request-password-reset": { email: "fuzz@example.com", redirectTo: "/login" },
    "POST /api/auth/reset-password": { token: "nope", newPassword: TEST_PASSWORD },
    "POST /api/auth/sign-in/social": { provider: "google", callbackURL: "/login" },
    "POST /api/auth/change-password": { currentPassword: "wrong-password", newPassword: TEST_PASSWORD },
  };
  return byRoute[`${method} ${path}`] ?? { value: "x" };
}

function mutate(template: Record<string, unknown>): unknown {
  const body: Record<string, unknown> = structuredClone(template);
  const keys = Object.keys(body);
  switch (rnd.int(7)) {
    case 0: // one field, a bad value
      body[rnd.pick(keys)] = rnd.pick(BAD_VALUES);
      return body;
    case 1: // a nested field (or an array element), a bad value
      for (const k of keys) {
        const v = body[k];
        if (Array.isArray(v) && v.length) v[rnd.int(v.length)] = rnd.pick(BAD_VALUES);
        else if (v && typeof v === "object")
          (v as Record<string, unknown>)[rnd.pick(Object.keys(v))] = rnd.pick(BAD_VALUES);
      }
      return body;
    case 2: // a field missing
      delete body[rnd.pick(keys)];
      return body;
    case 3: // extra fields
      return { ...body, extra: rnd.pick(BAD_VALUES), ["k\u202e"]: 1, constructor: { prototype: 1 } };
    case 4: // every field a bad value
      for (const k of keys) body[k] = rnd.pick(BAD_VALUES);
      return body;
    case 5: // not an object at all
      return rnd.pick(BAD_VALUES);
    default: // the template itself: a valid request, as this identity
      return body;
  }
}

/** The template with its strings carrying a NUL (or a lone surrogate): what PostgreSQL cannot store. */
function poison(template: Record<string, unknown>): Record<string, unknown> {
  const body = structuredClone(template);
  for (const [key, value] of Object.entries(body))
    if (typeof value === "string") body[key] = `${value}${rnd.pick(["\u0000", "a\u0000", "\ud800"])}`;
  return body;
}

interface Case {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** Sent with no Content-Type header at all (checked on the Request before it goes). */
  untyped?: boolean;
}

const encoder = new TextEncoder();
const shown = (body: Case["body"]) =>
  (typeof body === "string" ? body : body && `bytes:${new TextDecoder().decode(body)}`)?.slice(0, 200);

describe("fuzz: every route, bad input, no 5xx", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let editor: TestUser;
  let ids: Ids;
  let clientDir: string;

  async function seed() {
    const res = await t.request("/api/lists", {
      json: { name: "Seeded", description: "seed", items: ["s1-richard-hatch", "s2-colby-donaldson"] },
      cookie: owner.cookie,
    });
    const listId = ((await res.json()) as { list: { id: string } }).list.id;
    await t.request(`/api/lists/${owner.id}/${listId}/upvote`, { method: "POST", cookie: other.cookie });
    const comment = await t.request("/api/comments", {
      json: { target: { listUserId: owner.id, listId }, text: "seeded comment" },
      cookie: other.cookie,
    });
    const commentId = ((await comment.json()) as { id: string }).id;
    const inbox = (await (await t.request("/api/notifications", { cookie: owner.cookie })).json()) as {
      notifications: { id: string }[];
    };
    ids = { userId: owner.id, listId, commentId, notificationId: inbox.notifications[0]?.id ?? "none" };
  }

  beforeAll(async () => {
    // A built client in miniature, so its pages (/list/:userId/:listId, the SPA) and static files are fuzzed too.
    clientDir = mkdtempSync(join(tmpdir(), "sr-fuzz-client-"));
    mkdirSync(join(clientDir, "assets"));
    writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>app</title>");
    writeFileSync(join(clientDir, "assets", "app-123.js"), "console.log(1)");
    const app = await createTestApp({
      users: ["owner@fuzz.test", "other@fuzz.test", "editor@fuzz.test"],
      env: { ADMIN_EMAILS: "editor@fuzz.test" },
      clientDir,
    });
    t = app;
    [owner, other, editor] = app.users;
    await seed();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** Keeps the fuzz reaching handlers: limits reset, sessions alive, seeded rows present. */
  async function upkeep() {
    await t.limits.clearAll();
    for (const u of [owner, other, editor]) {
      const session = await t.request("/api/auth/get-session", { cookie: u.cookie });
      if ((await session.json()) === null) u.cookie = (await t.signIn(u.email)).cookie;
    }
    const list = await t.request(`/api/lists/${ids.userId}/${ids.listId}`);
    await list.arrayBuffer();
    if (list.status === 404) await seed();
  }

  function expandRoutes(): RouteEntry[] {
    const out: RouteEntry[] = [];
    const authEndpoints = Object.values(
      t.auth.api as Record<string, { path?: string; options?: { method?: unknown } }>,
    )
      .filter((e) => typeof e.path === "string")
      .flatMap((e) => {
        const methods = e.options?.method;
        return (Array.isArray(methods) ? methods : [methods]).map((m) => ({
          method: String(m),
          path: e.path!,
        }));
      });
    for (const route of routeTable(t.app)) {
      if (route.path === "/api/auth/*") {
        for (const e of authEndpoints)
          if (e.method === route.method) out.push({ method: e.method, path: `/api/auth${e.path}` });
      } else {
        out.push(route);
      }
    }
    return out;
  }

  function paramValue(route: RouteEntry, name: string): ParamValue {
    const roll = rnd.next();
    if (roll < 0.2) return rnd.pick(BAD_PARAMS);
    if (roll < 0.4) return { raw: rnd.pick(RAW_PARAMS) };
    switch (name) {
      case "userId":
        return ids.userId;
      case "listId":
        return ids.listId;
      case "commentId":
        return ids.commentId;
      case "categoryId":
        return rnd.pick(["season-49", "legacy", "nope"]);
      case "id":
        if (route.path.includes("notifications")) return ids.notificationId;
        if (route.path.includes("reference-lists"))
          return rnd.pick(["maddysList", "andrewsList", "kendallsList"]);
        if (route.path.includes("seasons")) return "s1";
        return rnd.pick(["s1-richard-hatch", "google", "x"]);
      default:
        return rnd.pick([ids.userId, ids.listId, "s1", "x"]);
    }
  }

  function query(): string {
    const parts: string[] = [];
    for (let i = rnd.int(4); i > 0; i--) {
      const key = rnd.pick(QUERY_KEYS);
      const value = rnd.chance(0.3)
        ? rnd.pick(RAW_QUERY_VALUES)
        : encodeURIComponent(
            String(
              rnd.pick([
                ...BAD_STRINGS.filter((s) => s.length < 6000),
                ids.userId,
                ids.listId,
                "2",
                "99999999999",
                "-5",
              ]),
            ).replace(/[\ud800-\udfff]/g, "x"),
          );
      parts.push(`${key}=${value}`);
    }
    return parts.length ? `?${parts.join("&")}` : "";
  }

  function buildCase(route: RouteEntry, cookie: string | null): Case {
    const method =
      route.method === "ALL" ? rnd.pick(["GET", "POST", "PUT", "PATCH", "DELETE"]) : route.method;
    const path =
      fillPath(
        route.path,
        (name) => paramValue(route, name),
        rnd.pick(["x", "app-123.js", "index.html", rnd.pick(BAD_PARAMS), rnd.pick(RAW_PARAMS)]),
      ).replace(/\/\*$/, "/x") + (rnd.chance(method === "GET" ? 0.6 : 0.2) ? query() : "");
    const headers: Record<string, string> = {};
    if (cookie) headers.Cookie = cookie;
    if (!isWriteMethod(method)) return { method, path, headers };
    const roll = rnd.next();
    if (roll < 0.6) {
      headers["Content-Type"] = "application/json";
      const template = templateFor(route.method, route.path, ids);
      return {
        method,
        path,
        headers,
        body: JSON.stringify(rnd.chance(0.15) ? poison(template) : mutate(template)),
      };
    }
    if (roll < 0.75) {
      headers["Content-Type"] = "application/json";
      return { method, path, headers, body: rnd.pick(MALFORMED_JSON) };
    }
    if (roll < 0.7) {
      headers["Content-Type"] = rnd.pick(CONTENT_TYPES);
      const template = templateFor(route.method, route.path, ids);
      return {
        method,
        path,
        headers,
        body: rnd.chance(0.5)
          ? new URLSearchParams(template as Record<string, string>).toString()
          : JSON.stringify(mutate(template)),
      };
    }
    if (roll < 0.75) {
      headers["Content-Type"] = "application/json";
      return { method, path, headers, body: JSON.stringify({ big: "z".repeat(70 * 1024) }) };
    }
    // No Content-Type header at all: a body of bytes (a string would make fetch add
    // text/plain), JSON that may hold a NUL or a lone surrogate, or no body.
    const untyped = rnd.pick([
      () => JSON.stringify(poison(templateFor(route.method, route.path, ids))),
      () => JSON.stringify(mutate(templateFor(route.method, route.path, ids))),
      () => JSON.stringify(templateFor(route.method, route.path, ids)),
      () => rnd.pick(MALFORMED_JSON),
      () => "",
      () => null,
    ])();
    return untyped === null
      ? { method, path, headers, untyped: true }
      : { method, path, headers, body: encoder.encode(untyped), untyped: true };
  }

  /** The request as a browser on our page would send it (Origin), with the case's headers only. */
  function requestOf(c: Case): Request {
    const headers = new Headers(c.headers);
    headers.set("Origin", TEST_ORIGIN);
    return new Request(`${TEST_ORIGIN}${c.path}`, {
      method: c.method,
      headers,
      ...(c.body !== undefined ? { body: c.body } : {}),
    });
  }

  it(
    "answers every generated request below 500 and stores nothing invalid",
    async () => {
      const routes = expandRoutes();
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let sent = 0;
      let untyped = 0;
      for (let i = 0; sent < REQUESTS; i++) {
        if (i % 40 === 0) await upkeep();
        const route = routes[i % routes.length]!;
        // Each identity in turn takes a whole pass over the routes.
        const cookie = [null, owner.cookie, other.cookie, editor.cookie][Math.floor(i / routes.length) % 4]!;
        const c = buildCase(route, cookie);
        let status: number;
        try {
          const req = requestOf(c);
          if (c.untyped) {
            untyped++;
            if (req.headers.has("content-type"))
              failures.push(`${c.method} ${c.path} was meant to go untyped`);
          }
          const res = await t.app.request(req);
          status = res.status;
          // A live-update stream never ends by itself.
          if (res.headers.get("content-type")?.includes("text/event-stream")) await res.body?.cancel();
          else if (status >= 500)
            failures.push(
              `${c.method} ${c.path} ${status} ${(await res.text()).slice(0, 200)} body=${shown(c.body)}`,
            );
          else await res.arrayBuffer();
        } catch (error) {
          status = 599;
          failures.push(`${c.method} ${c.path} threw ${String(error).slice(0, 200)} body=${shown(c.body)}`);
        }
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        sent++;
      }
      const serverErrors = [...statuses].filter(([s]) => s >= 500).reduce((n, [, k]) => n + k, 0);
      console.log(
        `fuzz (${t.database.kind}, seed ${SEED}): ${routes.length} routes, ${sent} requests (${untyped} without Content-Type), ${serverErrors} responses >= 500; ` +
          `statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
      );
      expect(failures.slice(0, 20)).toEqual([]);

      const db = t.database.db;
      const invalid = async (what: string, query: ReturnType<typeof sql>) => {
        const rows = (await db.execute(query)) as unknown as { rows?: unknown[] } | unknown[];
        const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
        return list.length ? `${what}: ${JSON.stringify(list.slice(0, 3))}` : null;
      };
      const problems = (
        await Promise.all([
          invalid(
            "lists",
            sql`SELECT name, description FROM lists WHERE char_length(name) NOT BETWEEN 1 AND ${LIMITS.listNameMax}
              OR name <> btrim(name) OR char_length(description) > ${LIMITS.listDescriptionMax}
              OR cardinality(tags) > 21 OR item_count > ${LIMITS.listItemsMax}
              OR strpos(name || description || array_to_string(tags, ','), chr(65533)) > 0`,
          ),
          invalid("list items", sql`SELECT item_id FROM list_items WHERE item_id !~ ${ITEM_ID}`),
          invalid(
            "lists per user",
            sql`SELECT user_id FROM lists GROUP BY user_id HAVING count(*) > ${LIMITS.listsPerUser}`,
          ),
          invalid(
            "users",
            sql`SELECT name, email FROM "user" WHERE char_length(name) NOT BETWEEN 1 AND ${LIMITS.usernameMax}
              OR btrim(name) = '' OR char_length(email) > 254 OR strpos(name || email, chr(65533)) > 0`,
          ),
          invalid(
            "comments",
            sql`SELECT text FROM comments WHERE char_length(text) > ${LIMITS.commentMax} OR strpos(text, chr(65533)) > 0`,
          ),
          invalid(
            "drafts",
            sql`SELECT name FROM drafts WHERE char_length(name) > ${LIMITS.listNameMax}
              OR char_length(description) > ${LIMITS.listDescriptionMax} OR strpos(name || description, chr(65533)) > 0`,
          ),
          invalid(
            "draft items",
            sql`SELECT user_id, items FROM drafts WHERE jsonb_typeof(items) <> 'array'
              OR (jsonb_typeof(items) = 'array' AND (jsonb_array_length(items) > ${LIMITS.listItemsMax}
                OR EXISTS (SELECT 1 FROM jsonb_array_elements(items) e
                  WHERE jsonb_typeof(e) <> 'string' OR (e #>> '{}') !~ ${ITEM_ID})))
              OR cardinality(tags) > 21 OR strpos(array_to_string(tags, ','), chr(65533)) > 0`,
          ),
          invalid(
            "submissions",
            sql`SELECT category_id, user_id, slots FROM submissions WHERE jsonb_typeof(slots) <> 'array'
              OR (jsonb_typeof(slots) = 'array' AND (jsonb_array_length(slots) <> ${GLOBAL_SLOTS}
                OR EXISTS (SELECT 1 FROM jsonb_array_elements(slots) e
                  WHERE jsonb_typeof(e) NOT IN ('null', 'string')
                    OR (jsonb_typeof(e) = 'string' AND (e #>> '{}') !~ ${ITEM_ID}))
                OR EXISTS (SELECT 1 FROM jsonb_array_elements(slots) e WHERE jsonb_typeof(e) = 'string'
                  GROUP BY e HAVING count(*) > 1)))`,
          ),
          invalid(
            "category scores",
            sql`SELECT category_id, castaway_id, total_score, first_place_votes FROM category_scores
              WHERE total_score < 0 OR first_place_votes < 0 OR castaway_id !~ ${ITEM_ID}`,
          ),
          invalid(
            "category scores against the submissions",
            sql`WITH slot AS (
                  SELECT s.category_id, e.value #>> '{}' AS castaway_id, e.i
                  FROM submissions s, jsonb_array_elements(s.slots) WITH ORDINALITY AS e(value, i)
                  WHERE jsonb_typeof(e.value) = 'string'),
                computed AS (
                  SELECT category_id, castaway_id, sum(${GLOBAL_SLOTS} + 1 - i)::int AS score,
                    (count(*) FILTER (WHERE i = 1))::int AS firsts
                  FROM slot GROUP BY category_id, castaway_id)
              SELECT coalesce(cs.category_id, c.category_id) AS category_id,
                coalesce(cs.castaway_id, c.castaway_id) AS castaway_id, cs.total_score, c.score
              FROM category_scores cs FULL JOIN computed c
                ON c.category_id = cs.category_id AND c.castaway_id = cs.castaway_id
              WHERE coalesce(cs.total_score, 0) <> coalesce(c.score, 0)
                OR coalesce(cs.first_place_votes, 0) <> coalesce(c.firsts, 0)`,
          ),
          invalid(
            "reference lists",
            sql`SELECT id, items FROM reference_lists WHERE jsonb_typeof(items) <> 'array'
              OR (jsonb_typeof(items) = 'array' AND (jsonb_array_length(items) > ${LIMITS.listItemsMax}
                OR EXISTS (SELECT 1 FROM jsonb_array_elements(items) e
                  WHERE jsonb_typeof(e) <> 'string' OR (e #>> '{}') !~ ${ITEM_ID})))
              OR (updated_by IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "user" u WHERE u.id = updated_by))`,
          ),
          invalid(
            "comment votes",
            sql`SELECT comment_id, user_id, value FROM comment_votes WHERE value NOT IN (-1, 1)`,
          ),
          invalid(
            "comment vote counts",
            sql`SELECT c.id, c.upvotes, c.downvotes FROM comments c
              WHERE c.upvotes < 0 OR c.downvotes < 0
                OR c.upvotes <> (SELECT count(*) FROM comment_votes v WHERE v.comment_id = c.id AND v.value = 1)
                OR c.downvotes <> (SELECT count(*) FROM comment_votes v WHERE v.comment_id = c.id AND v.value = -1)`,
          ),
          invalid(
            "comment targets",
            sql`SELECT id FROM comments WHERE (list_id IS NULL) = (category_id IS NULL)
              OR (category_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM categories k WHERE k.id = category_id))`,
          ),
          invalid(
            "notifications",
            sql`SELECT id, type, content FROM notifications
              WHERE char_length(coalesce(content, '')) > ${LIMITS.commentMax}
                OR char_length(coalesce(actor_name, '')) > ${LIMITS.usernameMax}
                OR strpos(coalesce(content, '') || coalesce(actor_name, ''), chr(65533)) > 0
                -- no one is told of their own doing (notifications.service.ts)
                OR (actor_id IS NOT NULL AND actor_id = recipient_id)`,
          ),
          invalid(
            "upvote counts",
            sql`SELECT l.user_id, l.id, l.upvote_count FROM lists l WHERE l.upvote_count < 0
              OR l.upvote_count <> (SELECT count(*) FROM list_upvotes u
                WHERE u.list_user_id = l.user_id AND u.list_id = l.id)`,
          ),
          invalid(
            "list item counts",
            sql`SELECT l.user_id, l.id, l.item_count FROM lists l WHERE l.item_count <> (SELECT count(*)
              FROM list_items i WHERE i.user_id = l.user_id AND i.list_id = l.id)`,
          ),
          invalid("rate limit keys", sql`SELECT key FROM rate_limits WHERE char_length(key) > 400`),
        ])
      ).filter(Boolean);
      expect(problems).toEqual([]);
    },
    30 * 60_000,
  );
});
