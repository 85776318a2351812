import { Hono } from "hono";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { getRequestListener } from "@hono/node-server";
import { chooseEncoding, compression, lightBody } from "./compression.ts";

describe("chooseEncoding", () => {
  it("prefers brotli, honours q=0 and wildcards", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip, br;q=0")).toBe("gzip");
    expect(chooseEncoding("identity")).toBeNull();
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe("lightBody", () => {
  it("reads the body of @hono/node-server's light response without building a stream", () => {
    // Making a listener puts the light Response in place of the global one, as serve() does.
    getRequestListener(() => new Response("ok"));
    const json = new Response('{"a":1}', { headers: { "content-type": "application/json" } });
    expect(lightBody(json)).toBe('{"a":1}');
    const bytes = new Uint8Array([1, 2, 3]);
    expect(lightBody(new Response(bytes))).toBe(bytes);
    expect(lightBody(new Response(null, { status: 204 }))).toBeNull();
    // Once anything has read the body as a stream, the light body is gone.
    const streamed = new Response("x");
    void streamed.body;
    expect(lightBody(streamed)).toBeUndefined();
  });
});

describe("shared bodies", () => {
  it("compresses a body that many responses share, each copy decoding to it", async () => {
    getRequestListener(() => new Response("ok"));
    const shared = Buffer.from(JSON.stringify({ text: "shared ".repeat(1000) }));
    const app = new Hono()
      .use(compression())
      .get("/", (c) => c.body(shared, 200, { "Content-Type": "application/json" }));
    const fetchAs = async (encoding: string) => {
      const res = await app.request("/", { headers: { "Accept-Encoding": encoding } });
      expect(res.headers.get("Content-Encoding")).toBe(encoding);
      return Buffer.from(await res.arrayBuffer());
    };
    const first = await fetchAs("br");
    const again = await fetchAs("br");
    expect(brotliDecompressSync(first).equals(shared)).toBe(true);
    expect(again.equals(first)).toBe(true);
    expect(gunzipSync(await fetchAs("gzip")).equals(shared)).toBe(true);
  });
});

describe("compressed responses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const get = (path: string, acceptEncoding?: string) =>
    t.request(path, { headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} });

  it("sends large API JSON as brotli or gzip, the same JSON once decoded", async () => {
    const plain = await get("/api/seasons");
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    const json = await plain.text();
    expect(json.length).toBeGreaterThan(10_000);

    const br = await get("/api/seasons", "gzip, deflate, br");
    expect(br.headers.get("Content-Encoding")).toBe("br");
    expect(br.headers.get("Vary")).toMatch(/Accept-Encoding/);
    const packed = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("Content-Length"))).toBe(packed.length);
    expect(packed.length).toBeLessThan(json.length / 4);
    expect(brotliDecompressSync(packed).toString()).toBe(json);

    const gz = await get("/api/seasons", "gzip");
    expect(gz.headers.get("Content-Encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(json);
  });

  it("leaves small responses and event streams alone", async () => {
    const health = await get("/api/health", "br");
    expect(health.headers.get("Content-Encoding")).toBeNull();
    expect((await health.json()) as unknown).toBeTruthy();

    const events = await get("/api/events", "br, gzip");
    expect(events.headers.get("Content-Type")).toMatch(/text\/event-stream/);
    expect(events.headers.get("Content-Encoding")).toBeNull();
    await events.body?.cancel();
  });
});
