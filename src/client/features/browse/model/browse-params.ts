import { type BrowseQuery, type BrowseSort, type BrowseType, parseBrowseQuery } from "#shared/browse.ts";
import { type UserTagId, USER_TAGS } from "#shared/lists.ts";

export type { BrowseQuery, BrowseSort, BrowseType };

/** Labels of the type filters, in display order. */
export const TYPE_FILTERS: readonly { id: BrowseType; label: string }[] = [
  { id: "all", label: "All Rankings" },
  { id: "seasons", label: "Season Rankings" },
  { id: "castaways", label: "Survivor Rankings" },
];

export const SORT_OPTIONS: readonly { id: BrowseSort; label: string }[] = [
  { id: "newest", label: "Newest" },
  { id: "mostVotes", label: "Most Votes" },
  { id: "oldest", label: "Oldest" },
];

export const TAG_FILTERS: readonly { id: UserTagId; label: string }[] = USER_TAGS;

const DEFAULTS = parseBrowseQuery({});

/** Reads the browse state from the /rankings URL; anything unknown falls back to the default. */
export function parseBrowseParams(search: URLSearchParams): BrowseQuery {
  return parseBrowseQuery({
    q: search.get("q") ?? undefined,
    type: search.get("type") ?? undefined,
    sort: search.get("sort") ?? undefined,
    tags: search.get("tags") ?? undefined,
    page: search.get("page") ?? undefined,
  });
}

/**
 * The URL (and API) form of a browse state, in a fixed key order and without
 * defaults, so the same view always has the same shareable address.
 */
export function browseSearchString(query: BrowseQuery): string {
  const out = new URLSearchParams();
  if (query.q) out.set("q", query.q);
  if (query.type !== DEFAULTS.type) out.set("type", query.type);
  if (query.sort !== DEFAULTS.sort) out.set("sort", query.sort);
  // Tags in their display order, whatever order they were clicked in.
  const tags = TAG_FILTERS.map((t) => t.id).filter((id) => query.tags.includes(id));
  if (tags.length > 0) out.set("tags", tags.join(","));
  if (query.page > 1) out.set("page", String(query.page));
  return out.toString();
}

/** A filter change (anything but the page) starts again at page 1. */
export function withFilter(query: BrowseQuery, patch: Partial<Omit<BrowseQuery, "page">>): BrowseQuery {
  return { ...query, ...patch, page: 1 };
}

export function toggleTag(query: BrowseQuery, tag: UserTagId): BrowseQuery {
  const tags = query.tags.includes(tag) ? query.tags.filter((t) => t !== tag) : [...query.tags, tag];
  return withFilter(query, { tags });
}

export function withPage(query: BrowseQuery, page: number): BrowseQuery {
  return { ...query, page: Math.max(1, Math.floor(page)) };
}

/** The query key's form: tags sorted, so the same filter set shares one cache entry. */
export function normalizeBrowseQuery(query: BrowseQuery): BrowseQuery {
  return parseBrowseParams(new URLSearchParams(browseSearchString(query)));
}

/** The API's query for a browse state: the URL form's keys, so equal views share one cache entry. */
export const browseApiQuery = (query: BrowseQuery): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(browseSearchString(query)));
