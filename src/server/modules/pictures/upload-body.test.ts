import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { serve, type ServerType } from "@hono/node-server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "#server/http/errors.ts";
import { PICTURE_LIMITS, PICTURE_MESSAGES } from "#shared/pictures.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "#testing/test-app.ts";
import { UPLOAD_LIMIT, UPLOAD_LIMIT_MESSAGE } from "./pictures.routes.ts";
import { isUploading } from "./pictures.service.ts";

// Uploads over real HTTP (a listening server, a raw client): what the server
// answers before the body has arrived, and that it stops reading.

const CHUNK = 64 * 1024;

interface RawUpload {
  req: ClientRequest;
  /** The answer, as soon as the server sends it (the body may still be unsent). */
  response: Promise<{ status: number; body: ErrorBody; headers: IncomingMessage["headers"] }>;
  /** Resolves when the connection is gone. */
  closed: Promise<void>;
}

describe("picture upload over real HTTP", () => {
  let t: TestApp;
  let server: ServerType;
  let port: number;
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    port = (server.address() as { port: number }).port;
    photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3a7" } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  /** Starts an upload to `u`'s picture; headers are sent at once, the body is the caller's to write. */
  function startUpload(u: TestUser, headers: Record<string, string> = {}): RawUpload {
    const req = httpRequest({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: `/api/users/${u.id}/picture`,
      headers: { Cookie: u.cookie, Origin: TEST_ORIGIN, "Content-Type": "image/png", ...headers },
    });
    req.on("error", () => {});
    const response = new Promise<Awaited<RawUpload["response"]>>((resolve, reject) => {
      req.once("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as ErrorBody,
          }),
        );
      });
      req.once("error", reject);
    });
    const closed = new Promise<void>((resolve) =>
      req.once("socket", (socket) => socket.once("close", () => resolve())),
    );
    req.flushHeaders();
    return { req, response, closed };
  }

  /** Writes chunks until the connection is gone; answers how many bytes were handed to it. */
  async function writeUntilClosed(upload: RawUpload): Promise<number> {
    let written = 0;
    let gone = false;
    void upload.closed.then(() => (gone = true));
    const chunk = Buffer.alloc(CHUNK, 7);
    while (!gone) {
      if (!upload.req.write(chunk)) {
        await Promise.race([new Promise((r) => upload.req.once("drain", r)), upload.closed]);
      }
      written += CHUNK;
      // Far past anything the server should take: it did not stop reading.
      if (written > 40 * PICTURE_LIMITS.maxBytes) break;
    }
    return written;
  }

  it("answers a declared 6 MB with 413 at once, without the body being sent, and closes the connection", async () => {
    const ann = await t.signUp("ann-http@example.com");
    const upload = startUpload(ann, { "Content-Length": String(6 * 1024 * 1024) });
    // Not a byte of the body is written: the answer comes from the headers alone.
    const res = await upload.response;
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(PICTURE_MESSAGES.tooLarge);
    expect(res.headers.connection).toBe("close");
    await upload.closed;
  });

  it("answers a chunked upload with 413 once it passes 5 MB, and stops reading it", async () => {
    const ben = await t.signUp("ben-http@example.com");
    const before = (await (
      await t.request(`/api/users/${ben.id}/picture`, { cookie: ben.cookie })
    ).json()) as {
      url: string;
    };
    const upload = startUpload(ben, { "Transfer-Encoding": "chunked" });
    const written = writeUntilClosed(upload);
    const res = await upload.response;
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(PICTURE_MESSAGES.tooLarge);
    // The client would go on for ever; the server closed the connection instead.
    await upload.closed;
    // 5 MB read, plus what the two sockets' buffers held (a few MB on loopback).
    expect(await written).toBeLessThan(4 * PICTURE_LIMITS.maxBytes);
    const after = (await (
      await t.request(`/api/users/${ben.id}/picture`, { cookie: ben.cookie })
    ).json()) as {
      url: string;
    };
    expect(after.url).toBe(before.url);
  });

  it("refuses a second upload with 409 while a chunked first one is still arriving", async () => {
    const cat = await t.signUp("cat-http@example.com");
    const first = startUpload(cat, { "Transfer-Encoding": "chunked" });
    first.req.write(photo.subarray(0, 100));
    // The first upload holds the slot from before its body is read, chunked or not: once the
    // server has its headers, however long that takes on a busy machine.
    for (const until = Date.now() + 10_000; !isUploading(cat.id) && Date.now() < until;) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(isUploading(cat.id)).toBe(true);
    const tryUpload = (body: Uint8Array<ArrayBuffer>) =>
      t.request(`/api/users/${cat.id}/picture`, {
        method: "POST",
        body,
        headers: { "Content-Type": "image/png" },
        cookie: cat.cookie,
      });
    const second = await tryUpload(new Uint8Array(photo));
    expect(second.status).toBe(409);
    expect(((await second.json()) as ErrorBody).error.message).toBe(PICTURE_MESSAGES.uploadRunning);
    first.req.end(photo.subarray(100));
    expect((await first.response).status).toBe(200);
  });

  it("answers a chunked upload over the rate limit with 429 before its body has arrived", async () => {
    const dee = await t.signUp("dee-http@example.com");
    for (let i = 0; i < UPLOAD_LIMIT.max; i++) {
      const ok = await t.request(`/api/users/${dee.id}/picture`, {
        method: "POST",
        body: new Uint8Array(photo),
        headers: { "Content-Type": "image/png" },
        cookie: dee.cookie,
      });
      expect(ok.status).toBe(200);
    }
    const upload = startUpload(dee, { "Transfer-Encoding": "chunked" });
    upload.req.write(photo.subarray(0, 100));
    // The body is never finished: the answer cannot have waited for it.
    const res = await upload.response;
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(UPLOAD_LIMIT_MESSAGE);
    upload.req.destroy();
  });
});
