import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Connection } from "./bench-connection.ts";

const LARGE = "x".repeat(300_000);

describe("the mixed workload's connection", () => {
  let server: http.Server;
  let base: URL;
  let connections = 0;
  const seen: { method: string; cookie?: string; origin?: string; type?: string; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (part: string) => (body += part));
      req.on("end", () => {
        seen.push({
          method: req.method!,
          cookie: req.headers.cookie,
          origin: req.headers.origin,
          type: req.headers["content-type"],
          body,
        });
        if (req.url === "/large") res.end(LARGE);
        else if (req.url === "/chunked") {
          res.write("{");
          setTimeout(() => res.end(`"parts":2}`), 5);
        } else if (req.url === "/empty") res.writeHead(204).end();
        else if (req.url === "/close") res.writeHead(200, { connection: "close" }).end("bye");
        else if (req.url === "/refused") res.writeHead(403).end(`{"error":"no"}`);
        else res.end(body);
      });
    });
    server.on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads answers of every shape on one kept-alive socket, in order", async () => {
    const c = new Connection(base, "127.0.0.1");
    const before = connections;
    expect(await c.send("GET", "/large", "a=1", undefined, "http://x")).toBe(200);
    expect(await c.send("GET", "/chunked", "a=1", undefined, "http://x")).toBe(200);
    expect(await c.send("GET", "/empty", "a=1", undefined, "http://x")).toBe(204);
    expect(await c.send("GET", "/refused", "a=1", undefined, "http://x")).toBe(403);
    expect(await c.send("PUT", "/echo", "a=2", { é: "ü" }, "http://x")).toBe(200);
    expect(connections - before).toBe(1);
    expect(seen.at(-1)).toEqual({
      method: "PUT",
      cookie: "a=2",
      origin: "http://x",
      type: "application/json",
      body: `{"é":"ü"}`,
    });
    c.close();
  });

  it("opens a new socket after the server closes one", async () => {
    const c = new Connection(base, "127.0.0.1");
    const before = connections;
    expect(await c.send("GET", "/close", "a=1", undefined, "http://x")).toBe(200);
    expect(await c.send("GET", "/large", "a=1", undefined, "http://x")).toBe(200);
    expect(connections - before).toBe(2);
    c.close();
  });

  it("fails a request whose connection cannot be made", async () => {
    const closed = new URL("http://127.0.0.1:1");
    await expect(new Connection(closed, "127.0.0.1").send("GET", "/", "", undefined, "")).rejects.toThrow();
  });
});
