import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  api,
  ApiClientError,
  apiAddress,
  authPost,
  expectOk,
  pathParams,
  readJson,
} from "#client/lib/api-client.ts";
import { ACCOUNT_MESSAGES } from "#shared/account.ts";

/** The member's sign-in methods and sessions (the account page's sections share it). */
export const accountQueryOptions = () =>
  queryOptions({
    queryKey: ["account"] as const,
    queryFn: () => readJson(api.me.account.$get()),
  });

function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountQueryOptions().queryKey });
}

/** A new password; every other session is signed out (docs/product.md, Your account). */
export function useChangePassword() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      authPost("/api/auth/change-password", { ...input, revokeOtherSessions: true }),
    onSuccess: () => void refresh(),
  });
}

export function useEndSession() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (sessionId: string) =>
      expectOk(api.me.sessions[":sessionId"].$delete({ param: pathParams({ sessionId }) })),
    onSettled: () => void refresh(),
  });
}

export function useEndOtherSessions() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: () => authPost("/api/auth/revoke-other-sessions", {}),
    onSettled: () => void refresh(),
  });
}

/** The file name the server gave the download (Content-Disposition), or a plain one. */
function fileNameOf(response: Response): string {
  const header = response.headers.get("Content-Disposition") ?? "";
  return /filename="([^"]+)"/.exec(header)?.[1] ?? "survivor-rankings-data.json";
}

/** Fetches the member's data file and hands it to the browser as a download. */
export async function downloadMyData(): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiAddress(api.me.export), { credentials: "same-origin" });
  } catch {
    throw new ApiClientError(0, "NETWORK", "Could not reach the server. Check your connection.");
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new ApiClientError(response.status, `HTTP_${response.status}`, body?.error?.message ?? "");
  }
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileNameOf(response);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file over; the browser keeps what it needs.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: { username: string; password?: string }) =>
      expectOk(api.me.account.$delete({ json: input })),
  });
}

/** The server's own words for a refusal (4xx), else `fallback`. */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiClientError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;
}

/** What to say when a new password is refused: better-auth's codes in our words. */
export function passwordChangeError(error: unknown): string {
  if (error instanceof ApiClientError) {
    if (error.status === 429 && error.message) return error.message;
    switch (error.code) {
      case "INVALID_PASSWORD":
        return ACCOUNT_MESSAGES.wrongPassword;
      case "PASSWORD_TOO_SHORT":
        return ACCOUNT_MESSAGES.newPasswordTooShort;
      case "PASSWORD_TOO_LONG":
        return ACCOUNT_MESSAGES.newPasswordTooLong;
      case "CREDENTIAL_ACCOUNT_NOT_FOUND":
        return ACCOUNT_MESSAGES.noPassword;
    }
  }
  return ACCOUNT_MESSAGES.passwordChangeFailed;
}
