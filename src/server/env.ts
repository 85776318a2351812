import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const urlString = (protocols: string[]) =>
  optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
    { message: `must be a URL (${protocols.join(" or ")})` },
  );

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalString,
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: urlString(["postgres:", "postgresql:"]),
  PUBLIC_URL: urlString(["http:", "https:"]),
  AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: "must be at least 32 characters",
  }),
  SMTP_URL: urlString(["smtp:", "smtps:"]),
  MAIL_FROM: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  TWITTER_CLIENT_ID: optionalString,
  TWITTER_CLIENT_SECRET: optionalString,
  HEADSHOTS_DIR: optionalString,
  ADMIN_EMAILS: optionalString,
  LOG_LEVEL: z.enum(["silent", "error", "info", "debug"]).default("info"),
});

export type Env = z.infer<typeof schema>;

/** Parses the environment once; a bad variable yields one line naming it. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? "environment");
  throw new EnvError(`Invalid environment variable ${name}: ${issue.message}`);
}

export class EnvError extends Error {}

export function adminEmails(env: Env): Set<string> {
  return new Set(
    (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );
}
