import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, expectOk, pathParams, readJson } from "#client/lib/api-client.ts";
import { listKeys, myListsQueryOptions } from "#client/lib/queries/lists.ts";
import { profileKeys } from "#client/lib/queries/profile.ts";
import type { ListInput, ListParams } from "#shared/lists.schema.ts";

export interface SaveListVariables {
  input: ListInput;
  /** Present when updating a saved list of `ownerId`. */
  existing: { ownerId: string; listId: string } | null;
}

const listOf = (existing: { ownerId: string; listId: string }) =>
  pathParams({ userId: existing.ownerId, listId: existing.listId });

/** Profile figures (list count, total upvotes, most ranked) follow the lists. */
function refreshListsAndProfile(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: listKeys.all });
  void queryClient.invalidateQueries({ queryKey: profileKeys.all });
}

export function useSaveList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, existing }: SaveListVariables) => {
      const res = existing
        ? await readJson(api.lists[":userId"][":listId"].$put({ param: listOf(existing), json: input }))
        : await readJson(api.lists.$post({ json: input }));
      return res.list;
    },
    onSuccess: () => refreshListsAndProfile(queryClient),
  });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: ListParams) =>
      expectOk(api.lists[":userId"][":listId"].$delete({ param: pathParams(params) })),
    onSuccess: (_data, { listId }) => {
      queryClient.setQueryData(myListsQueryOptions().queryKey, (old) => old?.filter((l) => l.id !== listId));
      refreshListsAndProfile(queryClient);
    },
  });
}
