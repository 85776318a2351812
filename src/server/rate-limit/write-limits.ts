import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes } from "hono/route";
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

/** A route's own limit on its members: the counter's bucket and rule (`limitPerUser`). */
interface MemberLimit {
  bucket: string;
  rule: RateLimitRule;
}

/**
 * The member limits routes declare, by the middleware that enforces each.
 * The write middleware finds a request's among the handlers it matched and
 * counts them with the write's general counters, in one batch.
 */
const memberLimits = new WeakMap<object, MemberLimit>();

const memberKey = ({ bucket }: MemberLimit, userId: string) => `${bucket}:${userId}`;

/**
 * A route's own limit per signed-in member (put it after `requireUser`). On
 * a write, `limitEveryWrite` has already counted it, with the write's
 * general counters in the same round trip; this middleware then only
 * answers its 429. Elsewhere (a GET, an app without the write middleware) it
 * counts the hit itself.
 */
export function limitPerUser(limits: RateLimiter, bucket: string, rule: RateLimitRule, message: string) {
  const limit: MemberLimit = { bucket, rule };
  const middleware = createMiddleware<{ Variables: AppEnv["Variables"] & { user: { id: string } } }>(
    async (c, next) => {
      const key = memberKey(limit, c.get("user").id);
      const counted = c.get("limitsCounted")?.get(key);
      if (counted === false) throw tooManyRequests(message);
      if (counted === undefined) await spend(limits, message, [[key, rule]]);
      await next();
    },
  );
  memberLimits.set(middleware, limit);
  return middleware;
}

/** The member limits of the route `c` matched, as counters of `userId`. */
function memberChecksOf(c: Context, userId: string): LimitCheck[] {
  const checks: LimitCheck[] = [];
  for (const { handler } of matchedRoutes(c)) {
    const limit = memberLimits.get(handler);
    if (limit) checks.push([memberKey(limit, userId), limit.rule]);
  }
  return checks;
}

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

/** Counts every check at once (one batch: one round trip to PostgreSQL); whether each is allowed. */
const hitAll = (limits: RateLimiter, checks: LimitCheck[]) =>
  Promise.all(checks.map(([key, rule]) => limits.hit(key, rule)));

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
  const allowed = await hitAll(limits, writeChecks(address, userId));
  if (allowed.includes(false)) throw tooManyRequests(WRITE_LIMIT_MESSAGE);
}

/**
 * Every write's general counters, and the signed-in writer's counters of the
 * route's own limits (`limitPerUser`), are counted together: one round trip
 * on PostgreSQL where a comment took three in turn (docs/performance.md).
 * All are the writer's own, so a write refused by one counting against the
 * others spends nobody else's. A spent general counter is answered here;
 * a spent route limit by its own middleware, with its own sentence, once
 * the route has checked who is asking.
 */
export const limitEveryWrite = (limits: RateLimiter) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const userId = c.get("user")?.id ?? null;
    const general = writeChecks(clientIp(c), userId);
    const own = userId ? memberChecksOf(c, userId) : [];
    const allowed = await hitAll(limits, [...general, ...own]);
    if (allowed.slice(0, general.length).includes(false)) throw tooManyRequests(WRITE_LIMIT_MESSAGE);
    if (own.length > 0)
      c.set("limitsCounted", new Map(own.map(([key], i) => [key, allowed[general.length + i]!])));
    await next();
  });
