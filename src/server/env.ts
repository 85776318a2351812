import { isIP } from "node:net";
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

const PORT_MESSAGE = "must be a port number from 0 to 65535 (0 picks a free port)";

const schema = z.object({
  // Digits only: z.coerce.number would take "0x50" or "1e3", and turn " " into 0.
  PORT: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, { error: PORT_MESSAGE })
    .transform(Number)
    .refine((n) => n <= 65535, { error: PORT_MESSAGE })
    .default(3000),
  HOST: optionalString,
  DATA_DIR: z.string().trim().default("./data"),
  DATABASE_URL: urlString(["postgres:", "postgresql:"]),
  // PostgreSQL connections per process (default in db/client.ts, DEFAULT_POOL_SIZE).
  DATABASE_POOL_SIZE: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,2}$/, { error: "must be a whole number from 1 to 999" })
    .transform(Number)
    .optional(),
  // Paths are appended to it ("/api/...", "/list/..."): a trailing slash would double theirs.
  PUBLIC_URL: urlString(["http:", "https:"]).transform((v) => v?.replace(/\/+$/, "")),
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
  // Bearer token for GET /metrics; without it /metrics is a 404 and nothing is collected.
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: "must be at least 16 characters",
  }),
  // S3-compatible storage for pictures; without S3_BUCKET they go to DATA_DIR/files.
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: urlString(["http:", "https:"]),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  // Addresses of the reverse proxies in front (comma-separated): from them, X-Forwarded-For names the client.
  TRUSTED_PROXIES: optionalString.refine(
    (v) => v === undefined || v.split(",").every((a) => isIP(a.trim()) !== 0),
    { message: "must be comma-separated IP addresses" },
  ),
  // Open live-update streams per process (default in modules/events/events.routes.ts).
  EVENT_STREAMS_MAX: z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, { error: "must be a whole number" })
    .transform(Number)
    .optional(),
  // Community Consensus: how long after a list changes it is recomputed, ms
  // (default in modules/consensus/consensus-refresher.ts).
  CONSENSUS_REFRESH_MS: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, { error: "must be a whole number of milliseconds" })
    .transform(Number)
    .optional(),
  // Share pictures drawn at once in worker threads, and how many may wait
  // (defaults in share-drawing/share-render-pool.ts).
  SHARE_RENDER_THREADS: z
    .string()
    .trim()
    .regex(/^[1-9]\d?$/, { error: "must be a whole number from 1 to 99" })
    .transform(Number)
    .optional(),
  SHARE_RENDER_QUEUE: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, { error: "must be a whole number" })
    .transform(Number)
    .optional(),
  /** Where to write the database's time per statement when the server stops (a measurement; db/statement-stats.ts). */
  DB_STATEMENT_STATS: z.string().trim().optional(),
  LOG_LEVEL: z
    .enum(["silent", "error", "info", "debug"], { error: "must be one of silent, error, info, debug" })
    .default("info"),
});

export type Env = z.infer<typeof schema>;

/** Parses the environment once; a bad variable yields one line naming it. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means unset (`PORT= npm start`, or a blank line in an
  // env file), so it gets the default rather than an error or a surprise.
  const given = Object.fromEntries(
    Object.keys(schema.shape).map((k) => [k, source[k]?.trim() ? source[k] : undefined]),
  );
  const result = schema.safeParse(given);
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

/** TRUSTED_PROXIES as a list (empty: the TCP peer is the client). */
export function trustedProxies(env: Env): string[] {
  return (env.TRUSTED_PROXIES ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
}
