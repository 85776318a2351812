import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, readJson } from "../api-client.ts";

/** A browse view in its URL form (defaults left out), so equal views share one cache entry. */
export type BrowseSearch = Record<string, string>;

export const browseKeys = {
  all: ["browse"] as const,
  page: (search: BrowseSearch) => ["browse", search] as const,
};

/** One page of public lists; the previous page stays on screen while the next one loads. */
export const browseQueryOptions = (search: BrowseSearch) =>
  queryOptions({
    queryKey: browseKeys.page(search),
    queryFn: ({ signal }) => readJson(api.browse.$get({ query: search }, { init: { signal } })),
    placeholderData: keepPreviousData,
  });
