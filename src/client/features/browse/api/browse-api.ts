import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiFetch } from "#client/lib/api-client.ts";
import type { BrowsePageDto } from "#client/lib/list-types.ts";
import { type BrowseQuery, browseSearchString, normalizeBrowseQuery } from "../model/browse-params.ts";

export const browseKeys = {
  all: ["browse"] as const,
  page: (query: BrowseQuery) => ["browse", normalizeBrowseQuery(query)] as const,
};

/** One page of public lists; the previous page stays on screen while the next one loads. */
export const browseQueryOptions = (query: BrowseQuery) =>
  queryOptions({
    queryKey: browseKeys.page(query),
    queryFn: ({ signal }) => {
      const search = browseSearchString(query);
      return apiFetch<BrowsePageDto>(`/api/browse${search ? `?${search}` : ""}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
