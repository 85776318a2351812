import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ListDetail, ListSummary } from "#server/modules/lists/lists.service.ts";
import { apiFetch } from "#client/lib/api-client.ts";
import type { ListInput } from "#shared/lists.ts";

export type { ListDetail, ListSummary };

/**
 * Every list query lives under ["lists", ...], so a change to any list can
 * refresh them all; the signed-in user's own cards are ["lists", "mine"].
 */
export const listKeys = {
  all: ["lists"] as const,
  mine: () => ["lists", "mine"] as const,
  forEdit: (ownerId: string, listId: string) => ["lists", "edit", ownerId, listId] as const,
};

/** Profile figures (list count, total upvotes, most ranked) follow the lists. */
const PROFILE_KEY = ["profile"] as const;

export const myListsQueryOptions = () =>
  queryOptions({
    queryKey: listKeys.mine(),
    queryFn: async () => (await apiFetch<{ lists: ListSummary[] }>("/api/me/lists")).lists,
  });

/** A saved list as it is now, to edit: always fetched afresh. */
export const listForEditQueryOptions = (ownerId: string, listId: string) =>
  queryOptions({
    queryKey: listKeys.forEdit(ownerId, listId),
    queryFn: async () =>
      (
        await apiFetch<{ list: ListDetail }>(
          `/api/lists/${encodeURIComponent(ownerId)}/${encodeURIComponent(listId)}`,
        )
      ).list,
    staleTime: 0,
    gcTime: 0,
  });

export interface SaveListVariables {
  input: ListInput;
  /** Present when updating a saved list of `ownerId`. */
  existing: { ownerId: string; listId: string } | null;
}

export function useSaveList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, existing }: SaveListVariables) => {
      const res = existing
        ? await apiFetch<{ list: ListDetail }>(
            `/api/lists/${encodeURIComponent(existing.ownerId)}/${encodeURIComponent(existing.listId)}`,
            { method: "PUT", json: input },
          )
        : await apiFetch<{ list: ListDetail }>("/api/lists", { method: "POST", json: input });
      return res.list;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKeys.all });
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    },
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ownerId, listId }: { ownerId: string; listId: string }) =>
      apiFetch<null>(`/api/lists/${encodeURIComponent(ownerId)}/${encodeURIComponent(listId)}`, {
        method: "DELETE",
      }),
    onSuccess: (_data, { listId }) => {
      queryClient.setQueryData(myListsQueryOptions().queryKey, (old) => old?.filter((l) => l.id !== listId));
      void queryClient.invalidateQueries({ queryKey: listKeys.all });
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    },
  });
}
