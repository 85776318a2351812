import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "#client/lib/api-client.ts";
import { removeKey, STORAGE_KEYS } from "#client/lib/storage.ts";
import { defaultDisplayName } from "#shared/display-name.ts";
import { sessionQueryOptions } from "./session.ts";

export type SocialProvider = "google" | "twitter";

export interface EmailCredentials {
  email: string;
  password: string;
}

export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await apiFetch("/api/auth/sign-out", { method: "POST", json: {} });
  } finally {
    // The spec: signing out clears the draft and the editing state.
    removeKey("session", STORAGE_KEYS.draft);
    queryClient.setQueryData(sessionQueryOptions().queryKey, null);
    queryClient.removeQueries({
      predicate: (q) => q.queryKey[0] !== "session" && q.queryKey[0] !== "seasons",
    });
  }
}

/**
 * After a sign-in, sign-up or password change: re-reads the session (so the
 * header greets the user) and marks everything else stale, since what was
 * fetched may have been fetched as someone else or as nobody.
 */
export async function refreshAfterAuthChange(queryClient: QueryClient): Promise<void> {
  void queryClient.invalidateQueries({
    predicate: (q) => !["session", "auth", "seasons"].includes(String(q.queryKey[0])),
  });
  await queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
}

export async function signInWithEmail({ email, password }: EmailCredentials): Promise<void> {
  await apiFetch("/api/auth/sign-in/email", { method: "POST", json: { email: email.trim(), password } });
}

export async function signUpWithEmail({ email, password }: EmailCredentials): Promise<void> {
  const trimmed = email.trim();
  // The spec: the display name defaults to the part of the email before the
  // at-sign; the server appends a number when someone already has it.
  await apiFetch("/api/auth/sign-up/email", {
    method: "POST",
    json: { email: trimmed, password, name: defaultDisplayName(trimmed) },
  });
}

/**
 * Mails a reset link. The link goes through the server, which sends the
 * browser back to /login with ?token=... (or ?error=INVALID_TOKEN).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiFetch("/api/auth/request-password-reset", {
    method: "POST",
    json: { email: email.trim(), redirectTo: "/login" },
  });
}

export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await apiFetch("/api/auth/reset-password", { method: "POST", json: input });
}

/**
 * Starts a sign-in with an identity provider and returns the provider's page
 * to open. Both ways back land on /login: on success the signed-in user is
 * sent on from there (following a saved post-login action); on failure the
 * provider and error are in the query string.
 */
export async function startSocialSignIn(provider: SocialProvider): Promise<string> {
  const body = await apiFetch<{ url?: string }>("/api/auth/sign-in/social", {
    method: "POST",
    json: { provider, callbackURL: "/login", errorCallbackURL: `/login?provider=${provider}` },
  });
  if (!body?.url) throw new Error("The server did not return the provider's address.");
  return body.url;
}
