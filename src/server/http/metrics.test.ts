import { afterAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN } from "#testing/test-app.ts";

const TOKEN = "metrics-token-for-tests-0123";

describe("/metrics with METRICS_TOKEN set", async () => {
  const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, users: ["ann@example.com"] });
  const [ann] = t.users;
  afterAll(() => t.close());
  const scrape = async () => {
    const res = await t.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    return res.text();
  };

  it("is refused without the token, or with a wrong one", async () => {
    expect((await t.request("/metrics")).status).toBe(401);
    const wrong = await t.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("counts requests and their latency per route pattern, never per raw URL, and 4xx/5xx", async () => {
    const created = await t.request("/api/lists", {
      json: { name: "Metered", items: [] },
      cookie: ann.cookie,
    });
    const { list } = (await created.json()) as { list: { id: string; userId: string } };
    await t.request(`/api/lists/${list.userId}/${list.id}`);
    await t.request(`/api/lists/${list.userId}/nonexistent-list`);
    await t.request("/api/no-such-route");
    const text = await scrape();
    expect(text).toContain('http_requests_total{method="POST",route="/api/lists",status="201"} 1');
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/lists/:userId/:listId",status="200"} 1',
    );
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/lists/:userId/:listId",status="404"} 1',
    );
    expect(text).toContain('http_request_errors_total{route="/api/lists/:userId/:listId",class="4xx"} 1');
    expect(text).toContain('http_request_errors_total{route="/api/*",class="4xx"} 1');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/lists\/:userId\/:listId"\} \d/,
    );
    expect(text).not.toContain(list.id);
    expect(text).toContain("process_resident_memory_bytes");
  });

  it("gauges open event streams", async () => {
    const controller = new AbortController();
    const res = await t.app.request(`${TEST_ORIGIN}/api/events`, {
      headers: { Origin: TEST_ORIGIN },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(await scrape()).toContain("sse_connections 1");
    controller.abort();
    await res.body?.cancel().catch(() => {});
    expect(await scrape()).toContain("sse_connections 0");
  });

  it.runIf(process.env.TEST_DB_KIND === "postgres")("gauges the PostgreSQL pool", async () => {
    expect(await scrape()).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
  });
});

describe("/metrics without METRICS_TOKEN", async () => {
  const t = await createTestApp();
  afterAll(() => t.close());

  it("is a 404, token or not", async () => {
    expect((await t.request("/metrics")).status).toBe(404);
    expect(
      (await t.request("/metrics", { headers: { Authorization: "Bearer anything-at-all-here" } })).status,
    ).toBe(404);
  });
});
