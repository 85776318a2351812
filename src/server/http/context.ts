import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Auth, SessionUser } from "../auth/auth.ts";
import { forbidden, unauthorized } from "./errors.ts";

export interface AppEnv {
  Variables: {
    user: SessionUser | null;
    requestId: string;
  };
}

export const sessionMiddleware = (auth: Auth) =>
  createMiddleware<AppEnv>(async (c, next) => {
    // Most requests come from visitors: without better-auth's session cookie
    // ('better-auth.session_token', '__Secure-' prefixed over HTTPS) there is
    // no session to look up.
    const cookie = c.req.header("cookie");
    const result = cookie?.includes("better-auth.session_token")
      ? await auth.api.getSession({ headers: c.req.raw.headers })
      : null;
    c.set("user", result?.user ?? null);
    await next();
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
