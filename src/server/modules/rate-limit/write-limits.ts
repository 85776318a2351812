import { createMiddleware } from "hono/factory";
import type { Db } from "../../db/client.ts";
import type { AppEnv } from "../../http/context.ts";
import { clientIp } from "../../http/client-ip.ts";
import { tooManyRequests } from "../../http/errors.ts";
import { hitRateLimit, type RateLimitRule } from "./rate-limit.service.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every state-changing /api request, /api/auth's included (auth-limits.ts
 * counts those with `countWrite`), counts against its account and its address. Generous: the routes that ring
 * Inboxes or hold data have tighter limits of their own (`limitPerUser`);
 * this one bounds whatever a new route forgets. Many people can share an
 * address, hence its larger number.
 */
export const WRITE_LIMITS = {
  perUser: { max: 300, windowMs: 60_000 },
  perIp: { max: 1500, windowMs: 60_000 },
} as const;

export const WRITE_LIMIT_MESSAGE = "You are doing that too often. Please wait a minute and try again.";

/** Counts one write of `address` (and of `userId`, when signed in); a 429 once either budget is spent. */
export async function countWrite(db: Db, address: string, userId: string | null): Promise<void> {
  const allowed =
    (await hitRateLimit(db, `write-ip:${address}`, WRITE_LIMITS.perIp)) &&
    (!userId || (await hitRateLimit(db, `write:${userId}`, WRITE_LIMITS.perUser)));
  if (!allowed) throw tooManyRequests(WRITE_LIMIT_MESSAGE);
}

export const limitEveryWrite = (db: Db) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    await countWrite(db, clientIp(c), c.get("user")?.id ?? null);
    return next();
  });

/** A route's own limit per signed-in user (put it after `requireUser`), answered 429 with `message`. */
export const limitPerUser = (db: Db, bucket: string, rule: RateLimitRule, message: string) =>
  createMiddleware<{ Variables: { user: { id: string } } }>(async (c, next) => {
    if (!(await hitRateLimit(db, `${bucket}:${c.get("user").id}`, rule))) throw tooManyRequests(message);
    await next();
  });
