import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { createLogger } from "../logger.ts";
import { type RunningServer, startServer } from "../server.ts";

// Request bodies over a real socket, where the Node adapter reads a body of
// declared length straight from it (declared-length.ts) and a chunked one
// through a web Request: both are limited, vetted and read the same way.

interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

/** A POST whose body is sent as given: declared (Content-Length) or chunked (written in parts). */
function post(
  port: number,
  path: string,
  body: string | null,
  { chunked = false, type = "application/json" as string | null, cookie = "" } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { origin: `http://127.0.0.1:${port}` };
    if (type) headers["content-type"] = type;
    if (cookie) headers.cookie = cookie;
    if (!chunked) headers["content-length"] = String(Buffer.byteLength(body ?? ""));
    const req = http.request({ host: "127.0.0.1", port, method: "POST", path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: text, setCookie: res.headers["set-cookie"] ?? [] }),
      );
    });
    // A server that refuses early may close before the whole body is sent.
    req.on("error", reject);
    if (body !== null && chunked) {
      for (let at = 0; at < body.length; at += 1000) req.write(body.slice(at, at + 1000));
    } else if (body !== null) req.write(body);
    req.end();
  });
}

describe("request bodies over a socket", () => {
  let dir: string;
  let server: RunningServer;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sr-bodies-"));
    const env = parseEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: join(dir, "data"), LOG_LEVEL: "silent" });
    server = await startServer(env, createLogger("silent"), { clientDir: null });
    port = server.port;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const big = JSON.stringify({ name: "x".repeat(70 * 1024) });

  for (const chunked of [false, true]) {
    const how = chunked ? "chunked" : "declared";

    it(`refuses a ${how} body over 64 KB with 413`, async () => {
      expect((await post(port, "/api/lists", big, { chunked })).status).toBe(413);
      expect((await post(port, "/api/auth/sign-in/email", big, { chunked })).status).toBe(413);
    });

    it(`refuses a ${how} body with a NUL (400) or with no type (415)`, async () => {
      const nul = await post(port, "/api/auth/sign-in/email", '{"email":"a\\u0000@b.c","password":"p"}', {
        chunked,
      });
      expect(nul.status).toBe(400);
      const untyped = await post(port, "/api/auth/sign-out", "{}", { chunked, type: null });
      expect(untyped.status).toBe(415);
    });

    it(`reads a ${how} body once: better-auth signs up and in with it, a handler validates it`, async () => {
      const email = `${how}@example.test`;
      const password = "correct-horse-battery";
      const up = await post(port, "/api/auth/sign-up/email", JSON.stringify({ email, password, name: how }), {
        chunked,
      });
      expect(up.status, up.body).toBe(200);
      const signIn = await post(port, "/api/auth/sign-in/email", JSON.stringify({ email, password }), {
        chunked,
      });
      expect(signIn.status, signIn.body).toBe(200);
      const cookie = signIn.setCookie.map((c) => c.split(";")[0]).join("; ");
      // The handler's validator reads the body the guard read: its own error, not a lost body.
      const invalid = await post(port, "/api/lists", JSON.stringify({ name: "" }), { chunked, cookie });
      expect(invalid.status).toBe(400);
      // A write with no body at all (a toggle) needs no type.
      const toggle = await post(port, "/api/lists/nobody/none/upvote", chunked ? "" : null, {
        chunked,
        type: null,
        cookie,
      });
      expect(toggle.status).toBe(404);
    });
  }
});
