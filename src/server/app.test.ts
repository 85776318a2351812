import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HealthDto, SeasonDto } from "#server/api-types.ts";
import type { ErrorBody } from "#server/http/errors.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("HTTP basics", () => {
  it("reports the database in /api/health", async () => {
    const res = await t.request("/api/health");
    expect(res.status).toBe(200);
    const body = (await res.json()) as HealthDto;
    expect(body.status).toBe("ok");
    expect(body.database.status).toBe("up");
    expect(body.database.kind).toBe(t.database.kind);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await t.request("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("NOT_FOUND");
  });

  it("sends security headers with a Content-Security-Policy and a request id", async () => {
    const res = await t.request("/api/health");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-request-id")).toMatch(/.{8,}/);
  });

  it("refuses a JSON body over 64 KB with 413 before reading it whole", async () => {
    const user = await t.signUp("big-body@example.com");
    const res = await t.request("/api/comments", {
      json: { target: { categoryId: "season-49" }, text: "x".repeat(100_000) },
      cookie: user.cookie,
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).error.code).toBe("TOO_LARGE");
  });

  it("answers a malformed JSON body with 400, not 500", async () => {
    for (const path of ["/api/auth/sign-up/email", "/api/auth/sign-in/email"]) {
      const res = await t.request(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{not json",
      });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});

describe("GET /api/seasons", () => {
  it("returns 50 seasons and 917 appearances in season order", async () => {
    const res = await t.request("/api/seasons");
    expect(res.status).toBe(200);
    const { seasons } = (await res.json()) as { seasons: SeasonDto[] };
    expect(seasons).toHaveLength(50);
    expect(seasons.map((s) => s.number)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(seasons.reduce((n, s) => n + s.castaways.length, 0)).toBe(917);
    expect(seasons[0]).toMatchObject({ id: "s1", name: "Survivor: Borneo" });
    expect(seasons[0]!.castaways.map((c) => c.name)).toContain("Richard Hatch");
  });

  it("carries an ETag and answers 304 to a matching If-None-Match", async () => {
    const first = await t.request("/api/seasons");
    const tag = first.headers.get("etag");
    expect(tag).toBeTruthy();
    expect(first.headers.get("cache-control")).toContain("max-age");
    const second = await t.request("/api/seasons", { headers: { "If-None-Match": tag! } });
    expect(second.status).toBe(304);
  });
});
