import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { request } from "node:http";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "#server/http/errors.ts";
import { SIGN_IN_ACCOUNT_LIMIT, SIGN_IN_LIMIT } from "#server/modules/auth/auth.routes.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "#testing/test-app.ts";

// Rules every request meets before a route runs (app.ts, http/*-guards):
// the origin of writes, what a body may be, headers (HSTS), and the static
// files (docs/security.md).

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.signUp("edge@example.com");
});
afterAll(() => t.close());

const errorCode = async (res: Response) => ((await res.json()) as ErrorBody).error.code;

describe("a write must come from our own origin", () => {
  const newList = { name: "Mine", items: ["s1"] };

  it("refuses a signed-in write from another origin, even another port of the same host", async () => {
    for (const origin of ["http://localhost:4000", "http://evil.example", "null"]) {
      const res = await t.request("/api/lists", {
        json: newList,
        cookie: user.cookie,
        headers: { Origin: origin },
      });
      expect(res.status, origin).toBe(403);
      expect(await errorCode(res)).toBe("CROSS_ORIGIN");
    }
    const mine = await t.request("/api/me/lists", { cookie: user.cookie });
    expect(((await mine.json()) as { lists: unknown[] }).lists).toHaveLength(0);
  });

  it("judges a write without Origin by its Referer, then by Sec-Fetch-Site; with none, it is not a page's", async () => {
    const crossSite = await t.request("/api/lists", {
      json: newList,
      cookie: user.cookie,
      headers: { Origin: "none", "Sec-Fetch-Site": "same-site" },
    });
    expect(crossSite.status).toBe(403);
    const foreignReferer = await t.request("/api/lists", {
      json: newList,
      cookie: user.cookie,
      headers: { Origin: "none", Referer: "http://localhost:4000/attack.html" },
    });
    expect(foreignReferer.status).toBe(403);
    const sameOrigin = await t.request("/api/lists", {
      json: newList,
      cookie: user.cookie,
      headers: { Origin: "none", "Sec-Fetch-Site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(201);
    const byReferer = await t.request("/api/lists", {
      json: newList,
      cookie: user.cookie,
      headers: { Origin: "none", Referer: `${TEST_ORIGIN}/create` },
    });
    expect(byReferer.status).toBe(201);
    // curl with a cookie its user copied: no browser page is involved.
    const script = await t.request("/api/lists", {
      json: newList,
      cookie: user.cookie,
      headers: { Origin: "none" },
    });
    expect(script.status).toBe(201);
  });

  it("covers better-auth's routes too, and lets a write without cookie or origin through (curl)", async () => {
    const foreign = await t.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: "correct-horse-battery" },
      headers: { Origin: "http://localhost:4000" },
    });
    expect(foreign.status).toBe(403);
    const curl = await t.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: "correct-horse-battery" },
      headers: { Origin: "none" },
    });
    expect(curl.status).toBe(200);
  });

  it("leaves reads alone", async () => {
    const res = await t.request("/api/me/lists", {
      cookie: user.cookie,
      headers: { Origin: "http://evil.example" },
    });
    expect(res.status).toBe(200);
  });

  it("sets the session cookie SameSite=Lax and HttpOnly", async () => {
    const res = await t.request("/api/auth/sign-up/email", {
      json: { email: "cookie@example.com", password: "correct-horse-battery", name: "cookie" },
    });
    const session = res.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/HttpOnly/i);
  });
});

describe("NUL and lone surrogates are refused at the edge", () => {
  it("answers %00 in a path or query with 400", async () => {
    for (const path of [
      "/api/lists/abc%00/def",
      "/api/users/%00",
      "/api/browse?q=a%00b",
      "/api/comments?categoryId=season-49%00",
      "/api/global-rankings/season%00",
    ]) {
      const res = await t.request(path, { cookie: user.cookie });
      expect(res.status, path).toBe(400);
    }
  });

  it("answers a NUL anywhere in a JSON body with 400, before the handler", async () => {
    const bodies = [
      { name: "a\u0000b", items: [] },
      { name: "ok", description: "x\u0000", items: [] },
      { name: "ok", tags: ["social\u0000"], items: [] },
      { name: "ok", items: [], ["extra\u0000key"]: 1 },
      { name: "ok", items: [], deep: [[[[[{ x: "\u0000" }]]]]] },
    ];
    for (const json of bodies) {
      const res = await t.request("/api/lists", { json, cookie: user.cookie });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await errorCode(res)).toBe("BAD_CHARACTER");
    }
    for (const [path, json] of [
      ["/api/auth/sign-in/email", { email: "a\u0000@example.com", password: "x".repeat(10) }],
      ["/api/auth/sign-up/email", { email: "n@example.com", password: "x".repeat(10), name: "n\u0000" }],
      ["/api/me/profile", { displayName: "bob\u0000" }],
    ] as const) {
      const res = await t.request(path, {
        json,
        cookie: user.cookie,
        method: path.includes("me") ? "PATCH" : "POST",
      });
      expect(res.status, path).toBe(400);
    }
  });

  it("refuses a body sent with no Content-Type (415), so its NUL never reaches a rate-limit key", async () => {
    // A string body makes fetch add text/plain; bytes go out with no type at all.
    const bytes = (json: unknown) => new TextEncoder().encode(JSON.stringify(json));
    for (const path of [
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/request-password-reset",
      "/api/lists",
    ]) {
      const req = new Request(`${TEST_ORIGIN}${path}`, {
        method: "POST",
        headers: { Origin: TEST_ORIGIN },
        body: bytes({ email: "a\u0000b@x.example", password: "x".repeat(10), name: "n", items: [] }),
      });
      expect(req.headers.get("content-type"), path).toBeNull();
      const res = await t.app.request(req);
      expect(res.status, path).toBe(415);
      expect(await errorCode(res)).toBe("UNSUPPORTED_MEDIA_TYPE");
    }
  });

  it("lets a write with no body and no Content-Type through (sign-out, toggles)", async () => {
    const res = await t.request(`/api/notifications/read-all`, { method: "POST", cookie: user.cookie });
    expect(res.status).toBeLessThan(300);
  });

  it("answers a lone surrogate with 400 and takes other control characters without a 5xx", async () => {
    const lone = await t.request("/api/lists", {
      method: "POST",
      cookie: user.cookie,
      headers: { "Content-Type": "application/json" },
      body: '{"name":"a\\ud800b","items":[]}',
    });
    expect(lone.status).toBe(400);
    const controls = await t.request("/api/lists", {
      json: { name: "tab\tbell\u0007esc\u001bdel\u007f", items: [] },
      cookie: user.cookie,
    });
    expect(controls.status).toBeLessThan(500);
  });
});

describe("auth routes read JSON only", () => {
  it("refuses a form-encoded or multipart sign-in with 415, so the per-account limit cannot be sidestepped", async () => {
    const form = new URLSearchParams({ email: user.email, password: "wrong-password-1" });
    const res = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      body: form,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    const multipart = new FormData();
    multipart.set("email", user.email);
    multipart.set("password", "wrong-password-1");
    const res2 = await t.request("/api/auth/sign-in/email", { method: "POST", body: multipart });
    expect(res2.status).toBe(415);
    const text = await t.request("/api/auth/request-password-reset", {
      method: "POST",
      body: JSON.stringify({ email: user.email }),
      headers: { "Content-Type": "text/plain" },
    });
    expect(text.status).toBe(415);
  });

  it("counts every wrong sign-in of one account, whatever the body looks like", async () => {
    const victim = await t.signUp("victim@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.request("/api/auth/sign-in/email", {
        method: "POST",
        // Alternating spellings of one account: the limit keys on the normalised email.
        body: JSON.stringify({
          email: i % 2 ? victim.email.toUpperCase() : victim.email,
          password: `wrong-${i}-xxxxx`,
        }),
        headers: { "Content-Type": i % 3 ? "application/json" : "application/json; charset=utf-8" },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe("one account's sign-ins are limited across addresses too", () => {
  it(`refuses the account's sign-ins past ${SIGN_IN_ACCOUNT_LIMIT.max} in its window, whatever address they come from`, async () => {
    const target = await t.signUp("many-addresses@example.com");
    // What @hono/node-server hands the app for a connection from `address`.
    const from = (address: string) => ({
      incoming: { socket: { remoteAddress: address, remoteFamily: "IPv4", remotePort: 4000 } },
    });
    const attempt = (address: string, password: string) =>
      t.app.request(
        `${TEST_ORIGIN}/api/auth/sign-in/email`,
        {
          method: "POST",
          headers: { Origin: TEST_ORIGIN, "Content-Type": "application/json" },
          body: JSON.stringify({ email: target.email, password }),
        },
        from(address),
      );
    const perAddress = SIGN_IN_LIMIT.max - 1; // below each address's own limit
    const statuses: number[] = [];
    for (let n = 0; statuses.length < SIGN_IN_ACCOUNT_LIMIT.max; n++) {
      for (let i = 0; i < perAddress && statuses.length < SIGN_IN_ACCOUNT_LIMIT.max; i++)
        statuses.push((await attempt(`203.0.113.${n + 1}`, `wrong-guess-${n}-${i}`)).status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const fresh = await attempt("198.51.100.77", "wrong-guess-fresh");
    expect(fresh.status).toBe(429);
    // The right password too: the guesser cannot tell. Another account is not affected.
    expect((await attempt("198.51.100.78", "correct-horse-battery")).status).toBe(429);
    const other = await t.request("/api/auth/sign-in/email", {
      json: { email: user.email, password: "correct-horse-battery" },
    });
    expect(other.status).toBe(200);
  }, 120_000);
});

describe("body size", () => {
  it("refuses an oversized body on auth routes and outside /api with 413", async () => {
    const big = "x".repeat(70 * 1024);
    for (const path of ["/api/auth/sign-in/email", "/api/auth/sign-up/email", "/media/anything", "/"]) {
      const res = await t.request(path, { json: { email: big, password: big } });
      expect(res.status, path).toBe(413);
    }
  });
});

describe("a body declared too large, over real HTTP", () => {
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  /**
   * Declares `declared` bytes, sends a few and holds the connection open: an
   * answer can only come from the header, before the body is waited for.
   */
  const declareAndStall = (path: string, declared: number, cookie?: string) =>
    new Promise<{ status: number; ms: number }>((resolve, reject) => {
      const started = Date.now();
      const req = request(`${base}${path}`, {
        method: "POST",
        headers: {
          Origin: TEST_ORIGIN,
          "Content-Type": "application/json",
          "Content-Length": String(declared),
          ...(cookie ? { Cookie: cookie } : {}),
        },
      });
      const timer = setTimeout(() => {
        req.destroy();
        reject(new Error(`${path}: no answer within 5 s (the server waited for the body)`));
      }, 5000);
      req.on("response", (res) => {
        clearTimeout(timer);
        res.resume();
        resolve({ status: res.statusCode ?? 0, ms: Date.now() - started });
        req.destroy();
      });
      // Resets after the answer are expected: the rest of the body never comes.
      req.on("error", () => {});
      req.write('{"name":"');
    });

  it("answers 100 MB declared with 413 at once, on JSON routes, auth and outside /api", async () => {
    const HUNDRED_MB = 100 * 1024 * 1024;
    for (const path of ["/api/lists", "/api/auth/sign-in/email", "/api/comments", "/media/anything"]) {
      const { status, ms } = await declareAndStall(path, HUNDRED_MB, user.cookie);
      expect(status, path).toBe(413);
      expect(ms, path).toBeLessThan(2000);
    }
    // The server is still fine afterwards.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});

describe("sizes are checked before anything is stored", () => {
  it("answers an over-long email with 400 on sign-in, sign-up and reset", async () => {
    const email = `${"a".repeat(60_000)}@example.com`;
    for (const path of [
      "/api/auth/sign-in/email",
      "/api/auth/sign-up/email",
      "/api/auth/request-password-reset",
    ]) {
      const res = await t.request(path, { json: { email, password: "correct-horse-battery", name: "x" } });
      expect(res.status, path).toBe(400);
    }
    const notString = await t.request("/api/auth/sign-in/email", {
      json: { email: { $ne: 1 }, password: "x" },
    });
    expect(notString.status).toBe(400);
  });
});

describe("HSTS", () => {
  it("is not sent when PUBLIC_URL is plain HTTP", async () => {
    const res = await t.request("/api/health");
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("is sent when PUBLIC_URL is HTTPS", async () => {
    const https = await createTestApp({ publicUrl: "https://rankings.example" });
    try {
      const res = await https.request("/api/health");
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await https.close();
    }
  }, 120_000);
});

describe("static files over real HTTP", () => {
  let dir: string;
  let withClient: TestApp;
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sr-client-"));
    mkdirSync(join(dir, "assets"));
    mkdirSync(join(dir, "images"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>app</title>");
    writeFileSync(join(dir, "assets", "app-123.js"), "console.log(1)");
    mkdirSync(join(dir, ".vite"));
    writeFileSync(join(dir, ".vite", "manifest.json"), '{"index.html":{"file":"assets/app-123.js"}}');
    writeFileSync(join(dir, ".env"), "SECRET=1");
    withClient = await createTestApp({ clientDir: dir });
    server = serve({ fetch: withClient.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await withClient.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers a directory with 404 instead of dropping the connection", async () => {
    for (const path of ["/assets/", "/assets", "/images/", "/images"]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(404);
    }
    expect((await fetch(`${base}/assets/missing-999.js`)).status).toBe(404);
  });

  it("keeps the build's own files (dot-named) to itself", async () => {
    for (const path of [
      "/.vite/manifest.json",
      "/.env",
      "/assets/../.vite/manifest.json",
      "/%2Evite/manifest.json",
    ]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain("app-123");
    }
  });

  it("still serves files and client routes", async () => {
    expect((await fetch(`${base}/assets/app-123.js`)).status).toBe(200);
    const page = await fetch(`${base}/rankings`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>app</title>");
  });

  it("answers a revalidation of an unchanged file with 304 and no body, a stale one with the file", async () => {
    // Files carry Last-Modified; client routes (index.html with the route's preloads) an ETag.
    for (const [path, validator, condition] of [
      ["/assets/app-123.js", "last-modified", "If-Modified-Since"],
      ["/rankings", "etag", "If-None-Match"],
    ] as const) {
      const first = await fetch(base + path);
      await first.arrayBuffer();
      const value = first.headers.get(validator);
      expect(value, path).toBeTruthy();
      const again = await fetch(base + path, { headers: { [condition]: value! } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe("");
      expect(again.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
      const stale =
        condition === "If-Modified-Since" ? new Date(Date.parse(value!) - 60_000).toUTCString() : '"other"';
      const changed = await fetch(base + path, { headers: { [condition]: stale } });
      expect(changed.status, path).toBe(200);
      expect((await changed.text()).length).toBeGreaterThan(0);
    }
  });
});
