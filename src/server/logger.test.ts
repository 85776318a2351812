import { describe, expect, it } from "vitest";
import { createLogger, REDACTED } from "./logger.ts";

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
