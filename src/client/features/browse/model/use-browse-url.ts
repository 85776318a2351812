import { useCallback, useMemo } from "react";
import { useLocation, useSearchParams } from "react-router";
import { type BrowseQuery, browseSearchString, parseBrowseParams } from "./browse-params.ts";

interface SearchEntryState {
  browseSearchEntry?: boolean;
}

/**
 * The browse view lives in the URL (q, type, sort, tags, page), so a view can
 * be shared and the back button walks through earlier filters.
 */
export function useBrowseUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const query = useMemo(() => parseBrowseParams(searchParams), [searchParams]);
  const onSearchEntry = (location.state as SearchEntryState | null)?.browseSearchEntry === true;

  /** A filter or page change: one history entry each. */
  const go = useCallback(
    (next: BrowseQuery) => {
      const search = browseSearchString(next);
      // Choosing what is already chosen adds no history entry.
      if (search === browseSearchString(query)) return;
      setSearchParams(search);
    },
    [setSearchParams, query],
  );

  /**
   * A search typed in pauses: the first pause adds a history entry, later
   * ones while still typing replace it, so back returns to the view before
   * the search rather than to every half-typed word.
   */
  const goSearch = useCallback(
    (next: BrowseQuery) => {
      setSearchParams(browseSearchString(next), {
        replace: onSearchEntry,
        state: { browseSearchEntry: true } satisfies SearchEntryState,
      });
    },
    [setSearchParams, onSearchEntry],
  );

  return { query, go, goSearch };
}
