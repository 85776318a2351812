import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CategoriesDto, CategoryDetailDto } from "#server/api-types.ts";
import { api, ApiClientError, pathParams, readJson, spoilersShown } from "#client/lib/api-client.ts";
import { useServerEvent } from "#client/lib/server-events.ts";

/** Every Global Rankings query lives under ["global-rankings", ...]. */
export const globalRankingsKeys = {
  all: ["global-rankings"] as const,
  overview: (whole = false) => ["global-rankings", "overview", ...(whole ? ["whole"] : [])] as const,
  detail: (categoryId: string, whole = false) =>
    ["global-rankings", "detail", categoryId, ...(whole ? ["whole"] : [])] as const,
};

/** A missing category is an answer, not a hiccup: no retries. */
const retryUnlessMissing = (failures: number, error: Error) =>
  !(error instanceof ApiClientError && error.status === 404) && failures < 2;

/**
 * Open categories (the overview) and closed ones (the legacy page), each with
 * its top 10. `whole`: with castaways past a member's spoiler horizon, for a reveal.
 */
export const globalOverviewQueryOptions = (whole = false) =>
  queryOptions({
    queryKey: globalRankingsKeys.overview(whole),
    queryFn: ({ signal }): Promise<CategoriesDto> =>
      readJson(api["global-rankings"].$get(undefined, { init: { signal }, ...spoilersShown(whole) })),
  });

/** One category with the reader's own submission (null for visitors and non-voters). */
export const globalDetailQueryOptions = (categoryId: string, whole = false) =>
  queryOptions({
    queryKey: globalRankingsKeys.detail(categoryId, whole),
    queryFn: ({ signal }): Promise<CategoryDetailDto> =>
      readJson(
        api["global-rankings"][":categoryId"].$get(
          { param: pathParams({ categoryId }) },
          { init: { signal }, ...spoilersShown(whole) },
        ),
      ),
    retry: retryUnlessMissing,
  });

/**
 * Submits (or replaces) the member's ten. The answer is the fresh detail, so
 * it goes straight into the cache; the overview's top 10 moved too.
 */
export function useSubmitRanking(categoryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slots: (string | null)[]) =>
      readJson(
        api["global-rankings"][":categoryId"].submission.$put({
          param: pathParams({ categoryId }),
          json: { slots },
        }),
      ),
    onSuccess: (detail) => {
      queryClient.setQueryData(globalRankingsKeys.detail(categoryId), detail);
      void queryClient.invalidateQueries({ queryKey: globalRankingsKeys.overview() });
    },
  });
}

/**
 * Keeps open overview and detail pages live: someone's submission anywhere
 * ('global-rankings' event, at most about one a second per category) refetches
 * the overview and that category's detail.
 */
export function useGlobalRankingsLive() {
  const queryClient = useQueryClient();
  useServerEvent("global-rankings", (data) => {
    void queryClient.invalidateQueries({ queryKey: globalRankingsKeys.overview() });
    void queryClient.invalidateQueries({ queryKey: globalRankingsKeys.detail(data.categoryId) });
  });
  // Each consensus refresh brings the top 10's rank ranges.
  useServerEvent("consensus", () => {
    void queryClient.invalidateQueries({ queryKey: globalRankingsKeys.all });
  });
}
