import type { QueryClient } from "@tanstack/react-query";
import { apiFetch } from "#client/lib/api-client.ts";
import { removeKey, STORAGE_KEYS } from "#client/lib/storage.ts";
import { sessionQueryOptions } from "./session.ts";

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
