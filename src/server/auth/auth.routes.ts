import { getConnInfo } from "@hono/node-server/conninfo";
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { user } from "../db/schema/index.ts";
import type { AppDeps, AppEnv } from "../http/context.ts";
import { tooManyRequests } from "../http/errors.ts";
import { hitRateLimit } from "../modules/rate-limit/rate-limit.service.ts";
import { AUTH_MESSAGES } from "#shared/messages.ts";

export const SIGN_IN_LIMIT = { max: 10, windowMs: 5 * 60 * 1000 };
export const SIGN_IN_IP_LIMIT = { max: 100, windowMs: 5 * 60 * 1000 };

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
export function authRoutes(deps: AppDeps) {
  const { db } = deps.database;
  return new Hono<AppEnv>()
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
    .get("/providers", (c) =>
      c.json({
        google: Boolean(deps.env.GOOGLE_CLIENT_ID && deps.env.GOOGLE_CLIENT_SECRET),
        twitter: Boolean(deps.env.TWITTER_CLIENT_ID && deps.env.TWITTER_CLIENT_SECRET),
      }),
    )
    .on(["GET", "POST"], "/*", (c) => deps.auth.handler(c.req.raw));
}
