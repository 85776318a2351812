import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/context.ts";
import { clientIp } from "../http/client-ip.ts";
import { tooManyRequests } from "../http/errors.ts";
import type { RateLimiter, RateLimitRule } from "./rate-limiter.ts";

/** One counter a request is counted against: its key and its rule. */
export type LimitCheck = [key: string, rule: RateLimitRule];

/**
 * The one way a route is rate-limited: a middleware that counts the request
 * against each counter `checks` names (in order, stopping at the first spent
 * one) and answers 429 with `message` once one is spent. `checks` may read
 * the request (an address, an email in the body).
 */
export const rateLimited = <E extends AppEnv = AppEnv>(
  limits: RateLimiter,
  message: string,
  checks: (c: Context<E>) => LimitCheck[] | Promise<LimitCheck[]>,
) =>
  createMiddleware<E>(async (c, next) => {
    await spend(limits, message, await checks(c));
    await next();
  });

/** Counts one hit on each counter in turn; a 429 with `message` at the first one spent. */
export async function spend(limits: RateLimiter, message: string, checks: LimitCheck[]): Promise<void> {
  for (const [key, rule] of checks) {
    if (!(await limits.hit(key, rule))) throw tooManyRequests(message);
  }
}

/** A route's own limit per signed-in member (put it after `requireUser`). */
export const limitPerUser = (limits: RateLimiter, bucket: string, rule: RateLimitRule, message: string) =>
  rateLimited<{ Variables: AppEnv["Variables"] & { user: { id: string } } }>(limits, message, (c) => [
    [`${bucket}:${c.get("user").id}`, rule],
  ]);

/** A route's own limit per client address. */
export const limitPerAddress = (limits: RateLimiter, bucket: string, rule: RateLimitRule, message: string) =>
  rateLimited(limits, message, (c) => [[`${bucket}:${clientIp(c)}`, rule]]);

/**
 * Every state-changing /api request, /api/auth's included (auth-limits.ts
 * counts those), counts against its account and its address. Generous: the
 * routes that ring Inboxes or hold data have tighter limits of their own
 * (`limitPerUser`); this one bounds whatever a new route forgets. Many
 * people can share an address, hence its larger number.
 */
export const WRITE_LIMITS = {
  perUser: { max: 300, windowMs: 60_000 },
  perIp: { max: 1500, windowMs: 60_000 },
} as const;

export const WRITE_LIMIT_MESSAGE = "You are doing that too often. Please wait a minute and try again.";

/** The counters of one write by `address` (and by `userId`, when signed in). */
export const writeChecks = (address: string, userId: string | null): LimitCheck[] => [
  [`write-ip:${address}`, WRITE_LIMITS.perIp],
  ...(userId ? [[`write:${userId}`, WRITE_LIMITS.perUser] satisfies LimitCheck] : []),
];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Counts one write against its two counters at once (one batch, one round
 * trip to PostgreSQL instead of two in turn, on every write:
 * docs/performance.md); a 429 when either is spent. Unlike `spend`, a write
 * refused by one still counts against the other: both are the writer's own
 * (their account, their address), so no one can spend another's this way.
 * Sign-in's own counters stay in turn (auth.routes.ts): there a refused
 * address must not spend the email it tries.
 */
export async function spendWrite(limits: RateLimiter, address: string, userId: string | null): Promise<void> {
  const checks = writeChecks(address, userId);
  const allowed = await Promise.all(checks.map(([key, rule]) => limits.hit(key, rule)));
  if (allowed.includes(false)) throw tooManyRequests(WRITE_LIMIT_MESSAGE);
}

export const limitEveryWrite = (limits: RateLimiter) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    await spendWrite(limits, clientIp(c), c.get("user")?.id ?? null);
    await next();
  });
