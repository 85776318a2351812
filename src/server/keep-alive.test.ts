import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";
import { createLogger } from "./logger.ts";
import { type RunningServer, startServer } from "./server.ts";

// A member who reads a page for a while comes back on the connection their
// browser kept: a busy server accepts new connections slowly (one per turn
// of its event loop), so they must not need one (docs/performance.md, "New
// connections under load").

/** One request on `socket`, resolving with the answer's status line. */
function ask(socket: Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = "";
    const onData = (chunk: Buffer) => {
      answer += chunk.toString("latin1");
      const head = answer.indexOf("\r\n\r\n");
      if (head < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(answer.slice(0, head))?.[1] ?? 0);
      if (answer.length - head - 4 < length) return;
      socket.off("data", onData);
      resolve(answer.slice(0, answer.indexOf("\r\n")));
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.once("close", () => reject(new Error("the server closed the connection")));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe("idle connections", () => {
  let dir: string;
  let server: RunningServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sr-keep-alive-"));
    const env = parseEnv({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: join(dir, "data"), LOG_LEVEL: "silent" });
    server = await startServer(env, createLogger("silent"), { clientDir: null });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stay open longer than Node's default 5 s, and the next request is answered on them", async () => {
    const socket = connect(server.port, "127.0.0.1");
    let closed = false;
    socket.once("close", () => (closed = true));
    await new Promise<void>((resolve) => socket.once("connect", resolve));
    expect(await ask(socket, "/api/health")).toBe("HTTP/1.1 200 OK");
    // Past Node's 5 s and the second it allows on top.
    await new Promise((r) => setTimeout(r, 7_000));
    expect(closed).toBe(false);
    expect(await ask(socket, "/api/health")).toBe("HTTP/1.1 200 OK");
    socket.destroy();
  }, 30_000);
});
