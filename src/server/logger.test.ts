import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createLogger, MAY_HOLD_SECRET, REDACTED, redactText, SECRET_TEXT } from "./logger.ts";

function capture() {
  const lines: string[] = [];
  const logger = createLogger("debug", (_level, line) => lines.push(line));
  return { logger, lines, text: () => lines.join("\n") };
}

const SECRETS = [
  "hunter2-password",
  "sess-token-abc123",
  "cookie-value-xyz",
  "bearer-token-987",
  "reset-token-456",
  "hash-in-params",
];

describe("the logger", () => {
  it("writes one JSON line per event with its fields", () => {
    const { logger, lines } = capture();
    logger.info("request", { requestId: "r-1", status: 200, path: "/api/lists" });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "info",
      msg: "request",
      requestId: "r-1",
      status: 200,
    });
  });

  it("never writes a password, token, cookie or Authorization header, however it is passed", () => {
    const { logger, text } = capture();
    logger.info("careless fields", {
      password: "hunter2-password",
      body: { user: { newPassword: "hunter2-password" }, sessionToken: "sess-token-abc123" },
      headers: {
        Cookie: "better-auth.session_token=cookie-value-xyz",
        authorization: "Bearer bearer-token-987",
      },
      list: [{ token: "sess-token-abc123" }],
    });
    logger.error("unhandled error", {
      error: new Error(
        'Failed query: insert into "session" ("token") values ($1)\nparams: hash-in-params,sess-token-abc123',
      ),
    });
    logger.error("upstream said", {
      error:
        "request had Authorization: Bearer bearer-token-987 and cookie: better-auth.session_token=cookie-value-xyz",
    });
    logger.info("request", {
      path: "/api/auth/reset-password/reset-token-456",
      query: "?token=reset-token-456&x=1",
    });
    logger.info("mail written to outbox", {
      text: "Open this link: http://localhost:3000/api/auth/reset-password/reset-token-456?callbackURL=%2Freset",
    });
    const out = text();
    for (const secret of SECRETS) expect(out).not.toContain(secret);
    expect(out).toContain(REDACTED);
    // What is not secret stays readable.
    expect(out).toContain("/api/auth/reset-password/");
    expect(out).toContain('Failed query: insert into \\"session\\"');
  });

  it("writes nothing below its level", () => {
    const lines: string[] = [];
    const logger = createLogger("error", (_l, line) => lines.push(line));
    logger.info("hidden");
    logger.error("shown");
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(["shown"]);
  });
});

describe("the logger's shortcut for text without secrets", () => {
  /** The six replacements, always run: what redactText must equal. */
  const fully = (text: string) => SECRET_TEXT.reduce((out, [pattern, by]) => out.replace(pattern, by), text);

  it("skips only text that no pattern would change", () => {
    // Text made of the patterns' own pieces in every case, glued at random:
    // any keyword missing from the shortcut shows up as a difference.
    const pieces = [
      "Bearer ",
      "basic ",
      "AUTHORIZATION",
      "Cookie",
      "set-cookie",
      ": ",
      "=",
      "'",
      '"',
      ";",
      "&",
      "?",
      "session_token",
      "x.session_data",
      "token",
      "password",
      "secret",
      "code",
      "key",
      "signature",
      "/reset-password/",
      "/Verify-Email/",
      "params: ",
      "PARAMS: ",
      "abc",
      "/api/lists/1",
      " ",
      "\n",
      "-",
    ];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    let skipped = 0;
    for (let i = 0; i < 20_000; i++) {
      let text = "";
      for (let n = 1 + Math.floor(random() * 6); n > 0; n--)
        text += pieces[Math.floor(random() * pieces.length)];
      expect(redactText(text), text).toBe(fully(text));
      if (!MAY_HOLD_SECRET.test(text)) skipped++;
    }
    // The shortcut is taken often enough for the comparison to mean something.
    expect(skipped).toBeGreaterThan(1_000);
  });

  it("keeps a request's ordinary fields as they are", () => {
    for (const text of ["request", "GET", "/api/lists/8f3a9c2e", "/api/lists/:id", "a1b2c3d4"]) {
      expect(MAY_HOLD_SECRET.test(text)).toBe(false);
    }
  });
});

describe("the logger's writes", () => {
  it("writes every line of a turn in order, errors at once, and what waits when the process exits", () => {
    const logger = fileURLToPath(new URL("./logger.ts", import.meta.url));
    const script = `
      const { createLogger } = await import(${JSON.stringify(logger)});
      const log = createLogger("info");
      for (let i = 0; i < 5; i++) log.info("line " + i);
      log.error("failed");
      log.info("after the error");
      process.exit(3);
    `;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(run.status, run.stderr).toBe(3);
    const msgs = (text: string) =>
      text
        .trim()
        .split("\n")
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(msgs(run.stdout)).toEqual(["line 0", "line 1", "line 2", "line 3", "line 4", "after the error"]);
    expect(msgs(run.stderr)).toEqual(["failed"]);
  });
});
