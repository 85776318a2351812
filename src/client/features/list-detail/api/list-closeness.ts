import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ApiClientError, pathParams, readJson } from "#client/lib/api-client.ts";
import { useServerEvent } from "#client/lib/server-events.ts";
import type { ListCloseness } from "#shared/consensus.ts";

/** Every closeness query lives under ["list-closeness", ...]; a new consensus refreshes them all. */
export const listClosenessKeys = {
  all: ["list-closeness"] as const,
  detail: (userId: string, listId: string) => ["list-closeness", userId, listId] as const,
};

/** A 404 (no kind, or not the reader's to see) is an answer: the section stays hidden, no retries. */
const retryUnlessMissing = (failures: number, error: Error) =>
  !(error instanceof ApiClientError && error.status === 404) && failures < 2;

/** How close one list is to the Community Consensus of its kind (and, for its owner, the hottest take). */
export const listClosenessQueryOptions = (userId: string, listId: string) =>
  queryOptions({
    queryKey: listClosenessKeys.detail(userId, listId),
    queryFn: ({ signal }): Promise<ListCloseness> =>
      readJson(
        api.consensus.lists[":userId"][":listId"].$get(
          { param: pathParams({ userId, listId }) },
          { init: { signal } },
        ),
      ),
    retry: retryUnlessMissing,
    // Changes only when the consensus is recomputed, which the live event says.
    staleTime: 5 * 60_000,
  });

/**
 * The closeness of a list that has a kind; nothing is asked for a list
 * without one. Refetched when a new consensus is stored ('consensus' event).
 */
export function useListCloseness(list: { userId: string; id: string; kind: string | null }) {
  const queryClient = useQueryClient();
  useServerEvent("consensus", () => {
    void queryClient.invalidateQueries({ queryKey: listClosenessKeys.all });
  });
  return useQuery({ ...listClosenessQueryOptions(list.userId, list.id), enabled: list.kind !== null });
}
