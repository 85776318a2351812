import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useDeferredValue } from "react";
import { ListCard } from "#client/components/ui/list-card.tsx";
import { ListCardSkeletons } from "#client/components/ui/list-card-skeletons.tsx";
import { Pagination } from "#client/components/ui/pagination.tsx";
import type { ListCardDto } from "#server/api-types.ts";
import { browseQueryOptions } from "#client/lib/queries/browse.ts";
import { browseApiQuery, toggleTag, withFilter, withPage } from "../model/browse-params.ts";
import { useBrowseUrl } from "../model/use-browse-url.ts";
import { BrowseFilters } from "./browse-filters.tsx";
import { BrowseSearch } from "./browse-search.tsx";
import "./browse.css";

export const BROWSE_MESSAGES = {
  firstLoad: "Loading rankings...",
  reloading: "Loading lists...",
  empty: "No lists found matching your criteria.",
  failed: "Failed to load public lists. Please try again later.",
} as const;

interface BrowseScreenProps {
  signedIn: boolean;
  /** The card's top-row controls (favourite, upvote), composed by the page. */
  renderActions?: (list: ListCardDto) => ReactNode;
}

/** Browse All Rankings: search, filters, sorting and paging over every public list. */
export function BrowseScreen({ signedIn, renderActions }: BrowseScreenProps) {
  const { query, go, goSearch } = useBrowseUrl();
  const result = useQuery(browseQueryOptions(browseApiQuery(query)));
  const onSearch = useCallback((q: string) => goSearch(withFilter(query, { q })), [goSearch, query]);

  // The cards draw in a deferred, time-sliced pass: no long task when they arrive (decision 013).
  const data = useDeferredValue(result.data);
  const refreshing = result.isPlaceholderData && result.isFetching;

  let body: ReactNode;
  if (result.isError) {
    body = (
      <p className="error-text browse-message" role="alert">
        {BROWSE_MESSAGES.failed}
      </p>
    );
  } else if (!data) {
    body = (
      <>
        <p className="status-text" role="status">
          {BROWSE_MESSAGES.firstLoad}
        </p>
        <ListCardSkeletons count={6} className="list-card-grid browse-grid" />
      </>
    );
  } else {
    body = (
      <>
        {refreshing && (
          <p className="browse-refreshing" role="status">
            <span className="browse-spinner" aria-hidden="true" />
            {BROWSE_MESSAGES.reloading}
          </p>
        )}
        {data.lists.length === 0 ? (
          !refreshing && <p className="status-text browse-message">{BROWSE_MESSAGES.empty}</p>
        ) : (
          <div
            className={`list-card-grid browse-grid${refreshing ? " is-stale" : ""}`}
            aria-busy={refreshing}
          >
            {data.lists.map((list) => (
              <ListCard
                key={`${list.userId}/${list.id}`}
                list={list}
                actions={renderActions?.(list)}
                headingLevel={2}
              />
            ))}
          </div>
        )}
        <Pagination
          page={data.page}
          pageCount={data.pageCount}
          disabled={refreshing}
          onPage={(page) => {
            go(withPage(query, page));
            window.scrollTo({ top: 0 });
          }}
        />
      </>
    );
  }

  return (
    <div className="browse">
      <div className="browse-toolbar">
        <BrowseSearch value={query.q} onCommit={onSearch} />
        <BrowseFilters
          query={query}
          signedIn={signedIn}
          onType={(type) => go(withFilter(query, { type }))}
          onSort={(sort) => go(withFilter(query, { sort }))}
          onTag={(tag) => go(toggleTag(query, tag))}
        />
      </div>
      {body}
    </div>
  );
}
