import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";
import { createLogger } from "./logger.ts";
import { type RunningServer, startServer } from "./server.ts";

// A list page's link preview names the picture by PUBLIC_URL (as the operator
// wrote it, trailing slash and all), never by the address the request came
// to: a crawler may reach the server by another name, and the preview must
// point at the public one.

const PUBLIC_URL = "https://rankings.example/";

describe("link previews use PUBLIC_URL", () => {
  let dir: string;
  let server: RunningServer;
  let local: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sr-public-url-"));
    const clientDir = join(dir, "client");
    mkdirSync(clientDir);
    writeFileSync(
      join(clientDir, "index.html"),
      "<!doctype html><html><head><title>app</title></head><body></body></html>",
    );
    const env = parseEnv({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: join(dir, "data"),
      PUBLIC_URL,
      LOG_LEVEL: "silent",
    });
    server = await startServer(env, createLogger("silent"), { clientDir });
    local = `http://127.0.0.1:${server.port}`;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("builds og:image and og:url from PUBLIC_URL without a doubled slash, not from the request's host", async () => {
    const origin = new URL(PUBLIC_URL).origin;
    const signUp = await fetch(`${local}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({
        email: "preview@example.com",
        password: "correct-horse-battery",
        name: "Preview",
      }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { id: userId } = ((await signUp.json()) as { user: { id: string } }).user;
    const created = await fetch(`${local}/api/lists`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
      body: JSON.stringify({ name: "Previewed", items: ["s1-richard-hatch"] }),
    });
    expect(created.status).toBe(201);
    const { id: listId } = ((await created.json()) as { list: { id: string } }).list;

    // Asked at 127.0.0.1:port, not at rankings.example.
    const page = await (await fetch(`${local}/list/${userId}/${listId}`)).text();
    const meta = (key: string) =>
      new RegExp(`<meta property="${key}" content="([^"]*)"`).exec(page)?.[1]?.replaceAll("&amp;", "&");
    const image = meta("og:image")!;
    expect(image.startsWith(`https://rankings.example/api/lists/${userId}/${listId}/share?`)).toBe(true);
    expect(meta("og:url")).toBe(`https://rankings.example/list/${userId}/${listId}`);
    expect(page).not.toContain("127.0.0.1");
    // The picture it names is there, at the same path on this server.
    const { pathname, search } = new URL(image);
    const picture = await fetch(`${local}${pathname}${search}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");
  });
});
