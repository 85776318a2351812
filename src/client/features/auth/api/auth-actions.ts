import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { authPost } from "#client/lib/api-client.ts";
import { seasonsQueryOptions } from "#client/lib/seasons-query.ts";
import { removeKey, STORAGE_KEYS } from "#client/lib/storage.ts";
import { defaultDisplayName } from "#shared/display-name.ts";
import { sessionQueryOptions } from "#client/lib/queries/session.ts";
import { providersQueryOptions } from "./providers.ts";

export type SocialProvider = "google" | "twitter";

export interface EmailCredentials {
  email: string;
  password: string;
}

const rootOf = (key: QueryKey) => key[0];
/** Who is signed in, and the reference data, are the same for everyone. */
const keepsAcrossSignOut = (key: QueryKey) =>
  rootOf(key) === rootOf(sessionQueryOptions().queryKey) ||
  rootOf(key) === rootOf(seasonsQueryOptions().queryKey);
/** The configured providers do not change with who is signed in either. */
const keepsAcrossAuthChange = (key: QueryKey) =>
  keepsAcrossSignOut(key) || rootOf(key) === rootOf(providersQueryOptions().queryKey);

export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await authPost("/api/auth/sign-out", {});
  } finally {
    forgetSignedInState(queryClient);
  }
}

/**
 * What the browser keeps of a member, dropped once they are signed out (or
 * their account is gone): the draft and the editing state (docs/product.md,
 * Screens and navigation), and every answer fetched as them.
 */
export function forgetSignedInState(queryClient: QueryClient): void {
  removeKey("session", STORAGE_KEYS.draft);
  queryClient.setQueryData(sessionQueryOptions().queryKey, null);
  queryClient.removeQueries({
    predicate: (q) => !keepsAcrossSignOut(q.queryKey),
  });
}

/**
 * After a sign-in, sign-up or password change: re-reads the session (so the
 * header greets the user) and marks everything else stale, since what was
 * fetched may have been fetched as someone else or as nobody.
 */
export async function refreshAfterAuthChange(queryClient: QueryClient): Promise<void> {
  void queryClient.invalidateQueries({
    predicate: (q) => !keepsAcrossAuthChange(q.queryKey),
  });
  await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
}

export async function signInWithEmail({ email, password }: EmailCredentials): Promise<void> {
  await authPost("/api/auth/sign-in/email", { email: email.trim(), password });
}

export async function signUpWithEmail({ email, password }: EmailCredentials): Promise<void> {
  const trimmed = email.trim();
  // The display name defaults to the part of the email before the
  // at-sign; the server appends a number when someone already has it.
  await authPost("/api/auth/sign-up/email", {
    email: trimmed,
    password,
    name: defaultDisplayName(trimmed),
  });
}

/**
 * Mails a reset link. The link goes through the server, which sends the
 * browser back to /login with ?token=... (or ?error=INVALID_TOKEN).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await authPost("/api/auth/request-password-reset", { email: email.trim(), redirectTo: "/login" });
}

export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await authPost("/api/auth/reset-password", input);
}

/**
 * Starts a sign-in with an identity provider and returns the provider's page
 * to open. Both ways back land on /login: on success the signed-in user is
 * sent on from there (following a saved post-login action); on failure the
 * provider and error are in the query string.
 */
export async function startSocialSignIn(provider: SocialProvider): Promise<string> {
  const body = await authPost("/api/auth/sign-in/social", {
    provider,
    callbackURL: "/login",
    errorCallbackURL: `/login?provider=${provider}`,
  });
  const url = typeof body === "object" && body !== null && "url" in body ? body.url : null;
  if (typeof url !== "string" || !url) throw new Error("The server did not return the provider's address.");
  return url;
}
