import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#server/env.ts";
import { createLogger } from "#server/logger.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import type { ErrorBody } from "#server/http/errors.ts";
import { mediaRoutes, SVG_CSP } from "./media.routes.ts";
import { createMediaService } from "../../media/media.service.ts";

// Without HEADSHOTS_DIR: every image is drawn.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function svgOf(path: string) {
  const res = await t.request(path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type"), path).toBe("image/svg+xml; charset=utf-8");
  return { res, svg: await res.text() };
}

describe("generated images", () => {
  it("draws a headshot with the castaway's initials", async () => {
    const { svg } = await svgOf("/media/headshots/s1-richard-hatch");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain(">RH</text>");
    expect(svg).toContain("<title>Richard Hatch</title>");
    expect(svg).not.toMatch(/<script|href=|on\w+=/i);
  });

  it("drops name suffixes from initials", async () => {
    const { svg } = await svgOf("/media/headshots/s20-james-thomas-jr");
    expect(svg).toContain(">JT</text>");
  });

  it("draws a season logo with the number and the short season name", async () => {
    const { svg } = await svgOf("/media/seasons/s12");
    expect(svg).toContain(">12</text>");
    expect(svg).toContain(">Panama</text>");
    expect(svg).toContain("<title>Survivor: Panama</title>");
  });

  it("gives the same id the same picture and other ids other colours", async () => {
    const a = (await svgOf("/media/headshots/s1-richard-hatch")).svg;
    const b = (await svgOf("/media/headshots/s1-richard-hatch")).svg;
    expect(a).toBe(b);
    const colours = new Set<string>();
    for (const id of [
      "s1-richard-hatch",
      "s1-rudy-boesch",
      "s1-susan-hawk",
      "s1-colleen-haskell",
      "s1-greg-buis",
    ]) {
      const { svg } = await svgOf(`/media/headshots/${id}`);
      colours.add(svg.match(/stop-color="(#[0-9a-f]{6})"/)![1]!);
    }
    expect(colours.size).toBeGreaterThan(1);
  });

  it("draws a neutral placeholder", async () => {
    const { svg } = await svgOf("/media/placeholder");
    expect(svg).toContain("<circle");
    expect(svg).not.toContain("<text");
  });

  it("answers well-formed but unknown ids with a generic image, not an error", async () => {
    const person = await svgOf("/media/headshots/s1-nobody-at-all");
    expect(person.svg).toContain("<title>Unknown castaway</title>");
    const season = await svgOf("/media/seasons/s99");
    expect(season.svg).toContain(">99</text>");
  });
});

describe("invalid ids and traversal", () => {
  const rejected = [
    "/media/headshots/richard-hatch",
    "/media/headshots/s1-Richard-Hatch",
    "/media/headshots/s1-richard-hatch.png",
    "/media/headshots/s0-richard-hatch",
    "/media/headshots/..",
    "/media/headshots/%2e%2e",
    "/media/headshots/..%2F..%2Fpackage.json",
    "/media/headshots/s1-richard-hatch%2F..%2F..%2Fsecret",
    "/media/headshots/s1-..%2Fsecret",
    "/media/headshots/s1-a%00b",
    "/media/headshots/s1-richard-hatch/extra",
    "/media/headshots/" + "s1-" + "a".repeat(200),
    "/media/seasons/12",
    "/media/seasons/s12.png",
    "/media/seasons/s1%2F..%2F..",
    "/media/seasons/..%5C..%5Cwin.ini",
    "/media/seasons/s1234",
    "/media/unknown",
    "/media/headshots/../../package.json",
  ];

  it.each(rejected)("%s -> 404 JSON", async (path) => {
    const res = await t.request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("NOT_FOUND");
    expect(body.error.message).toEqual(expect.any(String));
  });
});

describe("caching", () => {
  it("sends long-lived public caching with a strong ETag", async () => {
    const res = await t.request("/media/seasons/s1");
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=(\d+)/);
    const maxAge = Number(res.headers.get("cache-control")!.match(/max-age=(\d+)/)![1]);
    expect(maxAge).toBeGreaterThanOrEqual(86400);
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const first = await t.request("/media/headshots/s1-richard-hatch");
    const etag = first.headers.get("etag")!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const res = await t.request("/media/headshots/s1-richard-hatch", {
        headers: { "If-None-Match": header },
      });
      expect(res.status, header).toBe(304);
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("cache-control")).toContain("max-age=");
      expect(await res.text()).toBe("");
    }
  });

  it("answers a stale If-None-Match with the image", async () => {
    const res = await t.request("/media/headshots/s1-richard-hatch", {
      headers: { "If-None-Match": '"stale"' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("RH");
  });

  it("answers HEAD with the headers only", async () => {
    const res = await t.request("/media/seasons/s1", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
  });
});

describe("SVG safety", () => {
  it("sets a Content-Security-Policy that forbids everything active on SVG responses", async () => {
    // The media router on its own: in the whole app the global secureHeaders
    // middleware decides the final header (see docs/media.md).
    const env = parseEnv({ DATA_DIR: "/nonexistent", LOG_LEVEL: "silent" });
    const media = createMediaService({ env, db: t.database.db, logger: createLogger("silent") });
    const routes = mediaRoutes({ media });
    for (const path of ["/headshots/s1-richard-hatch", "/seasons/s1", "/placeholder"]) {
      const res = await routes.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-security-policy"), path).toBe(SVG_CSP);
    }
    expect(SVG_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });
});

describe("random headshot", () => {
  it("picks some castaway's headshot URL when there are no operator files", async () => {
    const env = parseEnv({ LOG_LEVEL: "silent" });
    const media = createMediaService({ env, db: t.database.db, logger: createLogger("silent") });
    const url = await media.randomHeadshotUrl(() => 0.5);
    expect(url).toMatch(/^\/media\/headshots\/s\d+-[a-z0-9-]+$/);
    const res = await t.request(url!);
    expect(res.status).toBe(200);
  });
});
