import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "../db/client.ts";
import { account, session, user, verification } from "../db/schema/index.ts";
import type { Logger } from "../logger.ts";
import type { Mailer } from "../mail/mailer.ts";
import { LIMITS } from "#shared/limits.ts";
import { defaultDisplayName, displayNameFrom } from "#shared/display-name.ts";
import { PROFILE_MESSAGES } from "#shared/profile.ts";
import { cleanText, hasControlCharacter } from "#shared/text-rules.ts";
import { uniqueDisplayName } from "./display-name.ts";

export interface AuthOptions {
  db: Db;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  mailer: Mailer;
  /** Where better-auth's own messages go; through ours, they are JSON and redacted. */
  logger?: Logger;
  google?: { clientId: string; clientSecret: string } | undefined;
  twitter?: { clientId: string; clientSecret: string } | undefined;
  /** A new user's first picture (a random castaway headshot), so no one is a silhouette. */
  initialPicture?: () => Promise<string | null>;
}

/**
 * better-auth routes we switch off (answered 404). Those that would change
 * what we own on the user row (the display name and its rules, the email our
 * limits key on) without our checks: profile changes go through
 * PATCH /api/me/profile. And those the product never calls, each a risk
 * with no use (docs/security.md, "better-auth's endpoints"): handing out or
 * refreshing a provider's tokens, linking and unlinking sign-in methods,
 * writing to a session, mailing verification links (a mail cannon), and
 * checking a password with no rate limit. And listing sessions, which hands
 * every session's token to whoever holds one of them: the account page lists
 * them by id through GET /api/me/account instead (decision 019).
 */
export const DISABLED_AUTH_PATHS = [
  "/update-user",
  "/change-email",
  "/delete-user",
  "/delete-user/callback",
  "/link-social",
  "/unlink-account",
  "/refresh-token",
  "/get-access-token",
  "/update-session",
  "/send-verification-email",
  "/verify-email",
  "/verify-password",
  "/list-sessions",
];

export function createAuth(opts: AuthOptions) {
  return betterAuth({
    appName: "Survivor Rankings",
    baseURL: opts.baseURL,
    basePath: "/api/auth",
    secret: opts.secret,
    trustedOrigins: opts.trustedOrigins,
    disabledPaths: DISABLED_AUTH_PATHS,
    database: drizzleAdapter(opts.db, {
      provider: "pg",
      schema: { user, session, account, verification },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: u, url }) {
        await opts.mailer.send({
          to: u.email,
          subject: "Reset your Survivor Rankings password",
          text: `Hi ${u.name},\n\nSomeone asked to reset the password of your Survivor Rankings account. Open this link within an hour to choose a new one:\n\n${url}\n\nIf it wasn't you, ignore this mail; your password stays as it is.\n`,
        });
      },
    },
    socialProviders: {
      ...(opts.google ? { google: { ...opts.google, prompt: "select_account" as const } } : {}),
      ...(opts.twitter ? { twitter: opts.twitter } : {}),
    },
    account: { accountLinking: { enabled: false } },
    // Its default logger prints failed queries with their parameters (session
    // tokens, password hashes) straight to stderr.
    logger: {
      level: "warn",
      log: (level, message, ...details: unknown[]) => {
        const write =
          level === "debug" ? opts.logger?.debug : level === "info" ? opts.logger?.info : opts.logger?.error;
        write?.(`better-auth: ${message}`, details.length ? { details } : {});
      },
    },
    user: {
      additionalFields: {
        profilePictureUrl: { type: "string", required: false, input: false },
        idolsFound: { type: "number", required: false, input: false, defaultValue: 0 },
        lastRerollTime: { type: "date", required: false, input: false },
        lastRolledHeadshot: { type: "string", required: false, input: false },
        spoilerHorizon: { type: "string", required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          async before(u, ctx) {
            // The shared text rule (docs/product.md, Names and texts): a name
            // sent to the sign-up form with control characters is refused as a
            // rename would be; one from a sign-in provider is mended instead,
            // since refusing it would lock its owner out.
            if (
              ctx?.path === "/sign-up/email" &&
              hasControlCharacter(cleanText(u.name ?? "", "line"), "line")
            ) {
              throw new APIError("BAD_REQUEST", {
                code: "INVALID_USERNAME",
                message: PROFILE_MESSAGES.usernameControl,
              });
            }
            const wanted = displayNameFrom(u.name ?? "") || defaultDisplayName(u.email);
            const picture = (await opts.initialPicture?.()) ?? null;
            return {
              data: {
                ...u,
                name: await uniqueDisplayName(opts.db, wanted),
                ...(picture ? { profilePictureUrl: picture, lastRolledHeadshot: picture } : {}),
              },
            };
          },
        },
      },
    },
    // Sign-in attempts are limited by our own database-backed limiter (see
    // auth.routes.ts): better-auth's needs a client IP header we may not have.
    rateLimit: { enabled: false },
    // Lax (better-auth's default, stated): a cross-site form never carries
    // the session; a same-site one does, and the Origin check refuses it.
    advanced: { defaultCookieAttributes: { sameSite: "lax" } },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
export type SessionUser = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>["user"];
