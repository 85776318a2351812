import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { user } from "../../db/schema/index.ts";
import type { AppDeps } from "../../app-deps.ts";
import type { SessionReader } from "../../auth/session-reader.ts";
import type { AppEnv } from "../../http/context.ts";
import { clientIp } from "../../http/client-ip.ts";
import { ApiError } from "../../http/errors.ts";
import { INPUT_MESSAGES, isJsonType, isStorableText } from "../../http/input-guards.ts";
import { type LimitCheck, rateLimited } from "../../rate-limit/write-limits.ts";
import { limitAuthWrites } from "./auth-limits.ts";
import { AUTH_MESSAGES } from "#shared/messages.ts";

const FIVE_MINUTES = 5 * 60 * 1000;
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
// Per email (with address) is the real guard against guessing a password; the
// per-address limits stop floods while leaving room for people behind one NAT.
export const SIGN_IN_LIMIT = { max: 10, windowMs: FIVE_MINUTES };
// Per email from every address together: many addresses (a botnet, a block of
// IPv6) would otherwise each get SIGN_IN_LIMIT guesses at one account. Spent,
// it locks the owner out for a while too; that is the price of a bound.
export const SIGN_IN_ACCOUNT_LIMIT = { max: 50, windowMs: FIFTEEN_MINUTES };
export const SIGN_IN_IP_LIMIT = { max: 500, windowMs: FIVE_MINUTES };
export const SIGN_UP_IP_LIMIT = { max: 500, windowMs: HOUR };
export const RESET_MAIL_LIMIT = { max: 5, windowMs: HOUR };
export const RESET_MAIL_IP_LIMIT = { max: 50, windowMs: HOUR };

export const EMAIL_MAX = 254;
export const SIGN_UP_LIMIT = { max: 10, windowMs: HOUR };
export const RESET_PASSWORD_IP_LIMIT = { max: 50, windowMs: HOUR };
/** Two sign-ups deriving one display name at once: the loser retries with the next free one. */
const SIGN_UP_ATTEMPTS = 5;

/**
 * The body's email, lower-cased, for the per-account limits. The edge guard
 * (http/input-guards.ts) lets only JSON bodies (or none) through, so this
 * reads what better-auth will read; it checks the type again itself, because
 * a key built from a body nobody vetted (a NUL) fails the insert into
 * rate_limits. An email that cannot be one (not a string, longer than an
 * address can be, a character PostgreSQL cannot store) is refused before
 * anything is stored, rate-limit keys included.
 */
async function readEmail(req: Request): Promise<string | null> {
  const type = req.headers.get("content-type");
  if (!isJsonType(type)) {
    // No type: nothing of the body is read, so nothing unvetted becomes a key.
    if (type === null) return null;
    throw new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", INPUT_MESSAGES.notJson);
  }
  let body: unknown;
  try {
    body = await req.clone().json();
  } catch {
    return null;
  }
  const email = typeof body === "object" && body !== null ? (body as { email?: unknown }).email : undefined;
  if (email === undefined) return null;
  if (typeof email !== "string" || email.length > EMAIL_MAX || !isStorableText(email)) {
    throw new ApiError(400, "INVALID_EMAIL", "Please enter a valid email address.");
  }
  return email.trim().toLowerCase();
}

/**
 * better-auth reads the web Request's body itself, but the edge guard
 * (http/input-guards.ts) has already read it through Hono, straight from the
 * socket: better-auth gets a Request holding those bytes.
 */
const withReadBody = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    const body = await c.req.text();
    c.req.raw = new Request(c.req.raw.url, { method: c.req.method, headers: c.req.raw.headers, body });
  }
  await next();
});

/**
 * better-auth serves /api/auth/*. Around it: sign-in attempts are rate-limited
 * per address and per email, and a failed sign-in says whether the account
 * exists, because the product gives the two cases different texts (docs/product.md, Sign-in and accounts).
 */
export function authRoutes(deps: AppDeps, sessions: SessionReader) {
  const { db } = deps.database;
  const { limits } = deps;
  const signInLimit = rateLimited(
    limits,
    "Too many sign-in attempts. Please wait a few minutes and try again.",
    async (c) => {
      const email = await readEmail(c.req.raw);
      const ip = clientIp(c);
      const checks: LimitCheck[] = [[`sign-in-ip:${ip}`, SIGN_IN_IP_LIMIT]];
      if (email) {
        checks.push(
          [`sign-in:${ip}:${email}`, SIGN_IN_LIMIT],
          [`sign-in-account:${email}`, SIGN_IN_ACCOUNT_LIMIT],
        );
      }
      return checks;
    },
  );
  const signUpLimit = rateLimited(
    limits,
    "Too many new accounts from this network. Please try again later.",
    async (c) => {
      const email = await readEmail(c.req.raw);
      const checks: LimitCheck[] = [[`sign-up-ip:${clientIp(c)}`, SIGN_UP_IP_LIMIT]];
      if (email) checks.push([`sign-up:${email}`, SIGN_UP_LIMIT]);
      return checks;
    },
  );
  // Each request sends a mail: limit per address and per recipient.
  const resetMailLimit = rateLimited(
    limits,
    "Too many password reset requests. Please wait a while and try again.",
    async (c) => {
      const email = await readEmail(c.req.raw);
      const checks: LimitCheck[] = [[`reset-ip:${clientIp(c)}`, RESET_MAIL_IP_LIMIT]];
      if (email) checks.push([`reset:${email}`, RESET_MAIL_LIMIT]);
      return checks;
    },
  );
  const resetPasswordLimit = rateLimited(
    limits,
    "Too many password reset attempts. Please wait a while and try again.",
    (c) => [[`reset-password-ip:${clientIp(c)}`, RESET_PASSWORD_IP_LIMIT]],
  );
  return (
    new Hono<AppEnv>()
      .use(withReadBody)
      .use(limitAuthWrites(limits, sessions))
      .post("/sign-in/email", signInLimit, async (c) => {
        const email = await readEmail(c.req.raw);
        const response = await deps.auth.handler(c.req.raw);
        if (response.status !== 401 || !email) return response;
        const [found] = await db
          .select({ id: user.id })
          .from(user)
          .where(eq(sql`lower(${user.email})`, email))
          .limit(1);
        return c.json(
          found
            ? { code: "INVALID_PASSWORD", message: AUTH_MESSAGES.wrongPassword }
            : { code: "USER_NOT_FOUND", message: AUTH_MESSAGES.userNotFound },
          401,
        );
      })
      .post("/sign-up/email", signUpLimit, async (c) => {
        const body = await c.req.text();
        for (let attempt = 1; ; attempt++) {
          const response = await deps.auth.handler(
            new Request(c.req.raw.url, { method: "POST", headers: c.req.raw.headers, body }),
          );
          if (attempt === SIGN_UP_ATTEMPTS || !(await lostNameRace(response))) return response;
        }
      })
      .post("/request-password-reset", resetMailLimit, (c) => deps.auth.handler(c.req.raw))
      .post("/reset-password", resetPasswordLimit, (c) => deps.auth.handler(c.req.raw))
      // Typed here (not left to the catch-all) so the client reads the session
      // through the contract; better-auth's refreshed cookie is passed on.
      .get("/get-session", async (c) => {
        const { data, setCookies } = await sessions.readSession(c.req.raw.headers);
        for (const cookie of setCookies) c.header("Set-Cookie", cookie, { append: true });
        return c.json(data);
      })
      .get("/providers", (c) =>
        c.json({
          google: Boolean(deps.env.GOOGLE_CLIENT_ID && deps.env.GOOGLE_CLIENT_SECRET),
          twitter: Boolean(deps.env.TWITTER_CLIENT_ID && deps.env.TWITTER_CLIENT_SECRET),
        }),
      )
      .on(["GET", "POST"], "/*", (c) => deps.auth.handler(c.req.raw))
  );
}

/**
 * better-auth answers "Failed to create user" when the insert itself fails:
 * with a valid body, that is the display name's unique index, taken by a
 * concurrent sign-up between our check and the insert (auth/display-name.ts).
 */
async function lostNameRace(response: Response): Promise<boolean> {
  if (response.status !== 422) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  return body?.code === "FAILED_TO_CREATE_USER";
}
