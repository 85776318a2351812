import { ApiClientError } from "#client/lib/api-client.ts";
import { AUTH_MESSAGES } from "#shared/messages.ts";

/** A rate limit's own text says how long to wait, so it is shown as sent. */
function rateLimitMessage(error: unknown): string | null {
  return error instanceof ApiClientError && error.status === 429 && error.message ? error.message : null;
}

const codeOf = (error: unknown) => (error instanceof ApiClientError ? error.code : "");

export function signInErrorMessage(error: unknown): string {
  const limited = rateLimitMessage(error);
  if (limited) return limited;
  switch (codeOf(error)) {
    case "INVALID_PASSWORD":
      return AUTH_MESSAGES.wrongPassword;
    case "USER_NOT_FOUND":
      return AUTH_MESSAGES.userNotFound;
    default:
      return AUTH_MESSAGES.signInFailed;
  }
}

export function signUpErrorMessage(error: unknown): string {
  const limited = rateLimitMessage(error);
  if (limited) return limited;
  switch (codeOf(error)) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return AUTH_MESSAGES.emailInUse;
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
      return AUTH_MESSAGES.weakPassword;
    default:
      return AUTH_MESSAGES.signUpFailed;
  }
}

export function resetRequestErrorMessage(error: unknown): string {
  return rateLimitMessage(error) ?? AUTH_MESSAGES.resetFailed;
}

export const RESET_LINK_INVALID =
  "This password reset link is invalid or has expired. Please request a new one.";
export const PASSWORD_CHANGED = "Your password has been changed. Please sign in with your new password.";

export function newPasswordErrorMessage(error: unknown): string {
  const limited = rateLimitMessage(error);
  if (limited) return limited;
  switch (codeOf(error)) {
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
      return AUTH_MESSAGES.weakPassword;
    case "INVALID_TOKEN":
      return RESET_LINK_INVALID;
    default:
      return "Failed to change your password. Please try again.";
  }
}

const PROVIDER_LABELS = { google: "Google", twitter: "X (Twitter)" } as const;

export function providerNotConfiguredMessage(provider: keyof typeof PROVIDER_LABELS): string {
  return `Sign-in with ${PROVIDER_LABELS[provider]} is not configured on this server.`;
}

/**
 * The text for an identity provider's failure, or null when it is only logged
 * (Google; docs/product.md, Sign-in and accounts). `code` is better-auth's error from the callback, or
 * null when starting the sign-in failed.
 */
export function socialErrorMessage(provider: string, code: string | null): string | null {
  if (provider !== "twitter") return null;
  // better-auth's word for "this email belongs to an account that signs in
  // another way" (account linking is off).
  if (code === "account_not_linked") return AUTH_MESSAGES.twitterExists;
  return AUTH_MESSAGES.twitterFailed;
}
