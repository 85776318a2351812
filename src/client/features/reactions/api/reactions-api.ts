import {
  type Query,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { useToast } from "#client/components/ui/toast.tsx";
import { api, pathParams, readJson } from "#client/lib/api-client.ts";
import { browseKeys } from "#client/lib/queries/browse.ts";
import { favoritesQueryOptions, homeQueryOptions } from "#client/lib/queries/home.ts";
import { listKeys } from "#client/lib/queries/lists.ts";
import { profileKeys } from "#client/lib/queries/profile.ts";
import {
  FAVORITE_TOAST_MS,
  favoriteErrorMessage,
  REACTION_ERROR_TOAST_MS,
  REACTION_MESSAGES,
  upvoteErrorMessage,
} from "../model/reaction-messages.ts";
import {
  type ListRef,
  nextFavorite,
  nextUpvote,
  patchListIn,
  type ReactionPatch,
  type ReactionTarget,
} from "../model/patch-list.ts";

/**
 * First elements of the query keys whose data holds lists (list pages, browse,
 * home, favourites, profiles), read from the queries' owners. A reaction
 * patches and refreshes all of them, whichever feature shows them.
 */
export const REACTION_QUERY_ROOTS: readonly unknown[] = [
  listKeys.all[0],
  browseKeys.all[0],
  homeQueryOptions().queryKey[0],
  favoritesQueryOptions().queryKey[0],
  profileKeys.all[0],
];

export const isListQuery = (query: Query) => REACTION_QUERY_ROOTS.includes(query.queryKey[0]);

const refOf = (list: ReactionTarget): ListRef => ({ ownerId: list.userId, listId: list.id });

const listOf = (list: ReactionTarget) => ({ param: pathParams({ userId: list.userId, listId: list.id }) });

interface Snapshot {
  previous: Array<[QueryKey, unknown]>;
}

function patchCaches(queryClient: QueryClient, ref: ListRef, patch: ReactionPatch) {
  for (const [key, data] of queryClient.getQueriesData({ predicate: isListQuery })) {
    const next = patchListIn(data, ref, patch);
    if (next !== data) queryClient.setQueryData(key, next);
  }
}

/** Shows the expected result at once; the snapshot puts it back if the server says no. */
async function applyOptimistic(
  queryClient: QueryClient,
  ref: ListRef,
  patch: ReactionPatch,
): Promise<Snapshot> {
  // A refetch landing now would overwrite the optimistic value with the old one.
  await queryClient.cancelQueries({ predicate: isListQuery });
  const previous = queryClient.getQueriesData({ predicate: isListQuery });
  patchCaches(queryClient, ref, patch);
  return { previous };
}

function rollback(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  snapshot?.previous.forEach(([key, data]) => queryClient.setQueryData(key, data));
}

function refreshLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: isListQuery });
}

export const toggleUpvote = (list: ReactionTarget) =>
  readJson(api.lists[":userId"][":listId"].upvote.$post(listOf(list)));

export const toggleFavorite = (list: ReactionTarget) =>
  readJson(api.lists[":userId"][":listId"].favorite.$post(listOf(list)));

/** Toggles the viewer's upvote on a list; shows a toast when it fails. */
export function useToggleUpvote() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: toggleUpvote,
    onMutate: (list: ReactionTarget) => applyOptimistic(queryClient, refOf(list), nextUpvote(list)),
    onSuccess: (result, list) => patchCaches(queryClient, refOf(list), result),
    onError: (error, _list, snapshot) => {
      rollback(queryClient, snapshot);
      toast.show(upvoteErrorMessage(error), REACTION_ERROR_TOAST_MS);
    },
    // Not awaited: the button is free again once the server has answered.
    onSettled: () => void refreshLists(queryClient),
  });
}

/** Toggles the viewer's favourite on a list, with the 2-second popup. */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: toggleFavorite,
    onMutate: (list: ReactionTarget) => applyOptimistic(queryClient, refOf(list), nextFavorite(list)),
    onSuccess: (result, list) => {
      patchCaches(queryClient, refOf(list), result);
      toast.show(
        result.favorited ? REACTION_MESSAGES.favoriteAdded : REACTION_MESSAGES.favoriteRemoved,
        FAVORITE_TOAST_MS,
      );
    },
    onError: (error, _list, snapshot) => {
      rollback(queryClient, snapshot);
      toast.show(favoriteErrorMessage(error), REACTION_ERROR_TOAST_MS);
    },
    // Not awaited: the button is free again once the server has answered.
    onSettled: () => void refreshLists(queryClient),
  });
}
