import { getConnInfo } from "@hono/node-server/conninfo";
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { user } from "../../db/schema/index.ts";
import type { AppDeps } from "../../app-deps.ts";
import type { SessionReader } from "../../auth/session-reader.ts";
import type { AppEnv } from "../../http/context.ts";
import { tooManyRequests } from "../../http/errors.ts";
import { hitRateLimit } from "../rate-limit/rate-limit.service.ts";
import { AUTH_MESSAGES } from "#shared/messages.ts";

const FIVE_MINUTES = 5 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
// Per email (with address) is the real guard against guessing a password; the
// per-address limits stop floods while leaving room for people behind one NAT.
export const SIGN_IN_LIMIT = { max: 10, windowMs: FIVE_MINUTES };
export const SIGN_IN_IP_LIMIT = { max: 500, windowMs: FIVE_MINUTES };
export const SIGN_UP_IP_LIMIT = { max: 500, windowMs: HOUR };
export const RESET_MAIL_LIMIT = { max: 5, windowMs: HOUR };
export const RESET_MAIL_IP_LIMIT = { max: 50, windowMs: HOUR };

function clientIp(c: Parameters<typeof getConnInfo>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

async function readEmail(req: Request): Promise<string | null> {
  try {
    const body = (await req.clone().json()) as { email?: unknown };
    return typeof body.email === "string" ? body.email.trim().toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * better-auth serves /api/auth/*. Around it: sign-in attempts are rate-limited
 * per address and per email, and a failed sign-in says whether the account
 * exists, because the specification gives the two cases different texts.
 */
export function authRoutes(deps: AppDeps, sessions: SessionReader) {
  const { db } = deps.database;
  return (
    new Hono<AppEnv>()
      .post("/sign-in/email", async (c) => {
        const email = await readEmail(c.req.raw);
        const ip = clientIp(c);
        const allowed =
          (await hitRateLimit(db, `sign-in-ip:${ip}`, SIGN_IN_IP_LIMIT)) &&
          (!email || (await hitRateLimit(db, `sign-in:${ip}:${email}`, SIGN_IN_LIMIT)));
        if (!allowed) {
          throw tooManyRequests("Too many sign-in attempts. Please wait a few minutes and try again.");
        }
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
      .post("/sign-up/email", async (c) => {
        if (!(await hitRateLimit(db, `sign-up-ip:${clientIp(c)}`, SIGN_UP_IP_LIMIT))) {
          throw tooManyRequests("Too many new accounts from this network. Please try again later.");
        }
        return deps.auth.handler(c.req.raw);
      })
      .post("/request-password-reset", async (c) => {
        // Each request sends a mail: limit per address and per recipient.
        const email = await readEmail(c.req.raw);
        const allowed =
          (await hitRateLimit(db, `reset-ip:${clientIp(c)}`, RESET_MAIL_IP_LIMIT)) &&
          (!email || (await hitRateLimit(db, `reset:${email}`, RESET_MAIL_LIMIT)));
        if (!allowed) {
          throw tooManyRequests("Too many password reset requests. Please wait a while and try again.");
        }
        return deps.auth.handler(c.req.raw);
      })
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
