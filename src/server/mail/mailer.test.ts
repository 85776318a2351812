import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { createMailer } from "./mailer.ts";

interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * A small SMTP server: enough of the protocol (greeting, EHLO, MAIL, RCPT,
 * DATA, QUIT) for a real client to hand it a message over TCP.
 */
function startSmtp(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current: Received = { from: "", to: [], data: "" };
    socket.write("220 localhost test SMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: "", to: [], data: "" };
          socket.write("250 OK queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250-localhost\r\n250 8BITMIME\r\n");
        else if (verb === "MAIL") {
          current.from = line;
          socket.write("250 OK\r\n");
        } else if (verb === "RCPT") {
          current.to.push(line);
          socket.write("250 OK\r\n");
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        } else if (verb === "QUIT") {
          socket.end("221 Bye\r\n");
          return;
        } else socket.write("250 OK\r\n");
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      resolve({ server, port: (server.address() as { port: number }).port, received });
    }),
  );
}

describe("createMailer", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let outboxDir: string;
  const logger = createLogger("silent");

  beforeAll(async () => {
    smtp = await startSmtp();
    outboxDir = mkdtempSync(join(tmpdir(), "sr-mailer-"));
  });
  afterAll(() => {
    smtp.server.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it("with SMTP_URL: hands each mail to the SMTP server, none to the outbox", async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: "Survivor Rankings <no-reply@example.test>",
      outboxDir,
      logger,
    });
    await mailer.send({ to: "fan@example.test", subject: "Reset your password", text: "Follow the link." });
    await mailer.send({ to: "other@example.test", subject: "Second", text: "Again." });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[0]!.from).toContain("no-reply@example.test");
    expect(smtp.received[0]!.to.join()).toContain("fan@example.test");
    expect(smtp.received[0]!.data).toContain("Subject: Reset your password");
    expect(smtp.received[0]!.data).toContain("Follow the link.");
    expect(smtp.received[1]!.to.join()).toContain("other@example.test");
    expect(readdirSync(outboxDir)).toEqual([]);
  });

  it("with SMTP_URL and no server there: the send fails, for its caller to report", async () => {
    const closed = await startSmtp();
    const port = closed.port;
    await new Promise((resolve) => closed.server.close(resolve));
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "a@example.test",
      outboxDir,
      logger,
    });
    await expect(mailer.send({ to: "fan@example.test", subject: "S", text: "T" })).rejects.toThrow();
  });

  it("without SMTP_URL: each mail is a file in the outbox", async () => {
    const mailer = createMailer({ from: "a@example.test", outboxDir, logger });
    await mailer.send({ to: "fan@example.test", subject: "Welcome", text: "Hello." });
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(readFileSync(join(outboxDir, files[0]!), "utf8")).toContain("Subject: Welcome");
  });
});
