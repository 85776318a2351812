import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "#testing/test-app.ts";

describe("robots.txt and sitemap.xml", () => {
  let t: TestApp & { users: readonly [TestUser] };
  beforeAll(async () => {
    t = await createTestApp({ users: ["owner@example.com"] });
  });
  afterAll(() => t?.close());

  it("robots.txt is text that points at the sitemap, not the app's HTML", async () => {
    const res = await t.request("/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toContain("User-agent: *");
    expect(body).toContain("Disallow: /api/");
    expect(body).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
  });

  it("the sitemap lists the public pages and a new list, with absolute addresses", async () => {
    const [owner] = t.users;
    const created = await t.request("/api/lists", {
      method: "POST",
      cookie: owner.cookie,
      json: { name: "Sitemap & me", items: ["s1", "s2"] },
    });
    expect(created.status).toBe(201);
    const { list } = (await created.json()) as { list: { id: string; userId: string } };
    const res = await t.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0"/);
    expect(xml).toContain(`<loc>${TEST_ORIGIN}/rankings</loc>`);
    expect(xml).toContain(
      `<loc>${TEST_ORIGIN}/list/${encodeURIComponent(list.userId)}/${encodeURIComponent(list.id)}</loc>`,
    );
    expect(xml).not.toContain("Sitemap & me");
  });
});
