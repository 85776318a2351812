import { createMiddleware } from "hono/factory";
import type { Auth, SessionUser } from "../auth/auth.ts";
import type { Database } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { Mailer } from "../mail/mailer.ts";
import { unauthorized } from "./errors.ts";
import type { RealtimeHub } from "../realtime/hub.ts";
import type { Logger } from "./logger.ts";

export interface AppDeps {
  env: Env;
  database: Database;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  hub: RealtimeHub;
  publicUrl: string;
  /** Built client files; null when the API runs alone (tests, dev with Vite). */
  clientDir: string | null;
  admins: Set<string>;
}

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

/** Guards a route: the signed-in user, or a 401. */
export const requireUser = createMiddleware<{
  Variables: AppEnv["Variables"] & { user: SessionUser };
}>(async (c, next) => {
  if (!c.get("user")) throw unauthorized();
  await next();
});
