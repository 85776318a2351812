import { queryOptions, useQueryClient } from "@tanstack/react-query";
import type { ConsensusSliceDto } from "#server/api-types.ts";
import { api, ApiClientError, pathParams, readJson, spoilersShown } from "#client/lib/api-client.ts";
import { useServerEvent } from "#client/lib/server-events.ts";
import type { CONSENSUS_ROWS, ConsensusKind } from "#shared/consensus.ts";

type ConsensusRows = (typeof CONSENSUS_ROWS)[number];

/** Every consensus query lives under ["consensus", ...]. */
export const consensusKeys = {
  all: ["consensus"] as const,
  slice: (kind: ConsensusKind, slice: string, rows: ConsensusRows, whole = false) =>
    ["consensus", kind, slice, rows, ...(whole ? ["whole"] : [])] as const,
};

/** A slice that does not exist (a season number nobody played) is an answer: no retries. */
const retryUnlessMissing = (failures: number, error: Error) =>
  !(error instanceof ApiClientError && error.status === 404) && failures < 2;

/**
 * One slice of the community's ranking: ranked rows, the unranked, the most
 * divisive; the first CONSENSUS_TOP_ROWS of each ("top") or all of them.
 * `whole`: with castaways past a member's spoiler horizon, for a reveal.
 */
export const consensusSliceQueryOptions = (
  kind: ConsensusKind,
  slice: string,
  rows: ConsensusRows = "top",
  whole = false,
) =>
  queryOptions({
    queryKey: consensusKeys.slice(kind, slice, rows, whole),
    queryFn: ({ signal }): Promise<ConsensusSliceDto> =>
      readJson(
        api.consensus[":kind"][":slice"].$get(
          { param: pathParams({ kind, slice }), query: rows === "all" ? { rows } : {} },
          { init: { signal }, ...spoilersShown(whole) },
        ),
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
