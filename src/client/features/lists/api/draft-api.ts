import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, expectOk, readJson } from "#client/lib/api-client.ts";
import type { DraftInput } from "#shared/drafts.schema.ts";

export const draftQueryOptions = () =>
  queryOptions({
    queryKey: ["draft"] as const,
    queryFn: async () => (await readJson(api.me.draft.$get())).draft,
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
    mutationFn: async (draft: DraftInput) => (await readJson(api.me.draft.$put({ json: draft }))).draft,
    onSuccess: (draft) => queryClient.setQueryData(draftQueryOptions().queryKey, draft),
    // Draft save errors are only logged (docs/product.md, Drafts).
    onError: (error) => console.error("Draft autosave failed", error),
  });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: DRAFT_SCOPE,
    mutationFn: () => expectOk(api.me.draft.$delete()),
    onSuccess: () => queryClient.setQueryData(draftQueryOptions().queryKey, null),
    onError: (error) => console.error("Draft delete failed", error),
  });
}
