import {
  type Query,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { useToast } from "#client/components/ui/toast.tsx";
import { apiFetch } from "#client/lib/api-client.ts";
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

export interface UpvoteResult {
  upvoted: boolean;
  upvoteCount: number;
}

export interface FavoriteResult {
  favorited: boolean;
}

/**
 * First elements of the query keys whose data holds lists (list pages, browse,
 * home, favourites, profiles). A reaction patches and refreshes all of them,
 * whichever feature owns them.
 */
export const REACTION_QUERY_ROOTS: readonly string[] = ["lists", "browse", "home", "favorites", "profile"];

export const isListQuery = (query: Query) => REACTION_QUERY_ROOTS.includes(String(query.queryKey[0]));

const refOf = (list: ReactionTarget): ListRef => ({ ownerId: list.userId, listId: list.id });

const listPath = (list: ReactionTarget) =>
  `/api/lists/${encodeURIComponent(list.userId)}/${encodeURIComponent(list.id)}`;

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
  apiFetch<UpvoteResult>(`${listPath(list)}/upvote`, { method: "POST" });

export const toggleFavorite = (list: ReactionTarget) =>
  apiFetch<FavoriteResult>(`${listPath(list)}/favorite`, { method: "POST" });

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

/** Toggles the viewer's favourite on a list, with the spec's 2-second popup. */
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
