import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "#client/lib/api-client.ts";
import type { Draft, DraftInput } from "#shared/drafts.ts";

export const draftQueryOptions = () =>
  queryOptions({
    queryKey: ["draft"] as const,
    queryFn: async () => (await apiFetch<{ draft: Draft | null }>("/api/me/draft")).draft,
    // Read once on arrival at /create, never from an old copy.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

// Saves and deletes of the draft run one after another, in the order they
// were made, so a late autosave cannot bring back a draft just deleted.
const DRAFT_SCOPE = { id: "server-draft" };

export function useSaveDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: DRAFT_SCOPE,
    mutationFn: async (draft: DraftInput) =>
      (await apiFetch<{ draft: Draft }>("/api/me/draft", { method: "PUT", json: draft })).draft,
    onSuccess: (draft) => queryClient.setQueryData(draftQueryOptions().queryKey, draft),
    // The spec has draft save errors only logged.
    onError: (error) => console.error("Draft autosave failed", error),
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: DRAFT_SCOPE,
    mutationFn: () => apiFetch<null>("/api/me/draft", { method: "DELETE" }),
    onSuccess: () => queryClient.setQueryData(draftQueryOptions().queryKey, null),
    onError: (error) => console.error("Draft delete failed", error),
  });
}
