import { createMiddleware } from "hono/factory";
import type { SessionReader } from "../../auth/session-reader.ts";
import type { AppEnv } from "../../http/context.ts";
import { clientIp } from "../../http/client-ip.ts";
import type { RateLimiter } from "../../rate-limit/rate-limiter.ts";
import { spend, spendWrite } from "../../rate-limit/write-limits.ts";

/**
 * better-auth's routes that check the signed-in account's password. A stolen
 * session could otherwise guess the current password as fast as it can ask
 * (the sign-in limits key on an email this request does not carry).
 */
const PASSWORD_CHECKS = /^\/api\/auth\/(change-password|verify-password)\/?$/;
export const PASSWORD_CHECK_LIMIT = { max: 10, windowMs: 15 * 60_000 };
export const PASSWORD_CHECK_MESSAGE = "Too many password attempts. Please wait 15 minutes and try again.";

/** GETs of better-auth that change something: a sign-in's return from Google or X, an email confirmation. */
const WRITING_GETS = /^\/api\/auth\/(callback\/|verify-email|delete-user\/callback)/;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * better-auth's routes are mounted before the app's session and write limit
 * (app.ts), so every state-changing one (sign-out, revocations, password
 * changes, social sign-in...) is counted here against the same budgets as
 * any other write: its address, and the account its session names. The
 * sign-in, sign-up and reset routes add their own limits on top
 * (auth.routes.ts).
 */
export const limitAuthWrites = (limits: RateLimiter, sessions: SessionReader) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (READS.has(c.req.method) && !WRITING_GETS.test(c.req.path)) return next();
    const account = await sessions.accountOf(c.req.raw.headers);
    await spendWrite(limits, clientIp(c), account);
    if (PASSWORD_CHECKS.test(c.req.path) && account) {
      await spend(limits, PASSWORD_CHECK_MESSAGE, [[`password-check:${account}`, PASSWORD_CHECK_LIMIT]]);
    }
    return next();
  });
