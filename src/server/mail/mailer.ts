import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import type { Logger } from "../logger.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL mail goes out through SMTP. Without it a local user must still
 * be able to reset a password, so each mail is written to the log and to a
 * file in DATA_DIR/outbox.
 */
export function createMailer(opts: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  const { smtpUrl } = opts;
  if (smtpUrl) {
    // Loaded at the first mail, not when the server starts: an install
    // without SMTP never needs it (docs/performance.md, "Packages loaded
    // when first needed").
    let connecting: Promise<Transporter> | null = null;
    const transport = () =>
      (connecting ??= import("nodemailer").then((m) => m.default.createTransport(smtpUrl)));
    return {
      async send(mail) {
        await (await transport()).sendMail({ from: opts.from, ...mail });
        opts.logger.info("mail sent", { to: mail.to, subject: mail.subject });
      },
    };
  }
  return {
    async send(mail) {
      mkdirSync(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = join(opts.outboxDir, `${stamp}-${safeTo}.txt`);
      const body = `From: ${opts.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`;
      writeFileSync(file, body);
      opts.logger.info("mail written to outbox (SMTP_URL is not set)", {
        to: mail.to,
        subject: mail.subject,
        file,
        text: mail.text,
      });
    },
  };
}
