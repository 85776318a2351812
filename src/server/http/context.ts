import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { SessionUser } from "../auth/auth.ts";
import type { SessionReader } from "../auth/session-reader.ts";
import { forbidden, unauthorized } from "./errors.ts";

export interface AppEnv {
  Variables: {
    user: SessionUser | null;
    requestId: string;
    /** The route's own member limits already counted for this write, and whether each allowed it (write-limits.ts). */
    limitsCounted?: ReadonlyMap<string, boolean>;
  };
}

/** Puts the signed-in user (or null) on the context for the routes after it. */
export const sessionMiddleware = (sessions: SessionReader) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set("user", await sessions.read(c.req.raw.headers));
    await next();
  });

/** better-auth's endpoints that end, replace or rewrite sessions (other processes must not trust theirs). */
const SESSION_ENDING =
  /^\/api\/auth\/(sign-out|revoke-|change-password|reset-password|delete-user|update-user|change-email|verify-email)/;
/** The link in a verification mail is a GET that changes its user. */
const WRITING_GET = /^\/api\/auth\/verify-email/;

/**
 * A write may change the session or its user (sign-out, a new name or
 * picture): the next request of that session reads them afresh. One that
 * ends sessions is told to every process.
 */
export const forgetSessionAfterWrites = (sessions: SessionReader) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if ((c.req.method === "GET" || c.req.method === "HEAD") && !WRITING_GET.test(c.req.path)) return;
    await sessions.forget(c.req.raw.headers);
    if (c.res.ok && SESSION_ENDING.test(c.req.path)) sessions.forgetEverywhere();
  });

type SignedInEnv = { Variables: AppEnv["Variables"] & { user: SessionUser } };

/**
 * Guards a route: a 401 unless someone is signed in. Put it first in the
 * route's chain (before body validation, so a visitor learns nothing more);
 * the handler then reads `c.get("user")` typed as the signed-in user.
 */
export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.get("user")) throw unauthorized();
  await next();
});

/** Editors are the ADMIN_EMAILS; they change the reference lists and moderate. */
export function isEditor(user: SessionUser | null, admins: ReadonlySet<string>): boolean {
  return Boolean(user?.email && admins.has(user.email.toLowerCase()));
}

/** Guards a route for editors: a 401 for visitors, a 403 with `message` for everyone else. */
export const requireEditor = (admins: ReadonlySet<string>, message?: string) =>
  createMiddleware<SignedInEnv>(async (c, next) => {
    const user = c.get("user");
    if (!user) throw unauthorized();
    if (!isEditor(user, admins)) throw forbidden(message);
    await next();
  });

/** The signed-in user's id, or null for a visitor. */
export const viewerId = (c: Context<AppEnv>): string | null => c.get("user")?.id ?? null;
