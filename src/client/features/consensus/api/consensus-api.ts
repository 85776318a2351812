import { queryOptions, useQueryClient } from "@tanstack/react-query";
import type { ConsensusSliceDto } from "#server/api-types.ts";
import { api, ApiClientError, pathParams, readJson } from "#client/lib/api-client.ts";
import { useServerEvent } from "#client/lib/server-events.ts";
import type { ConsensusKind } from "#shared/consensus.ts";

/** Every consensus query lives under ["consensus", ...]. */
export const consensusKeys = {
  all: ["consensus"] as const,
  slice: (kind: ConsensusKind, slice: string) => ["consensus", kind, slice] as const,
};

/** A slice that does not exist (a season number nobody played) is an answer: no retries. */
const retryUnlessMissing = (failures: number, error: Error) =>
  !(error instanceof ApiClientError && error.status === 404) && failures < 2;

/** One slice of the community's ranking: ranked rows, the unranked, the most divisive. */
export const consensusSliceQueryOptions = (kind: ConsensusKind, slice: string) =>
  queryOptions({
    queryKey: consensusKeys.slice(kind, slice),
    queryFn: ({ signal }): Promise<ConsensusSliceDto> =>
      readJson(
        api.consensus[":kind"][":slice"].$get({ param: pathParams({ kind, slice }) }, { init: { signal } }),
      ),
    retry: retryUnlessMissing,
  });

/** A new fit is stored ('consensus' event): every slice shown refetches. */
export function useConsensusLive() {
  const queryClient = useQueryClient();
  useServerEvent("consensus", () => {
    void queryClient.invalidateQueries({ queryKey: consensusKeys.all });
  });
}
