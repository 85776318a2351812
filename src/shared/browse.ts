import { LIMITS } from "./limits.ts";
import { type ListCard, USER_TAG_IDS, type UserTagId } from "./lists.ts";

export const BROWSE_SORTS = ["newest", "mostVotes", "oldest"] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];
export const BROWSE_TYPES = ["all", "seasons", "castaways"] as const;
export type BrowseType = (typeof BROWSE_TYPES)[number];

/** Longest search; longer text is cut, not refused (a pasted paragraph still searches). */
export const BROWSE_QUERY_MAX = 100;
/** Highest page asked for; a higher number reads as this one, and both clamp to the last page. */
export const BROWSE_PAGE_MAX = 100_000;

/** A browse view: the query of /api/browse, and the same keys in the /rankings URL. */
export interface BrowseQuery {
  q: string;
  type: BrowseType;
  sort: BrowseSort;
  /** Known tag ids, each once. 'favorites' is both a tag and the reader's own favourites (docs/product.md, Browse). */
  tags: UserTagId[];
  page: number;
}

export type BrowseParams = Partial<Record<keyof BrowseQuery, string>>;

const oneOf = <T extends string>(options: readonly T[], value: string | undefined, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/**
 * Reads a browse view from its URL or query form. Nothing is refused:
 * unknown values fall back to the default, unknown tags are dropped, a page
 * number is clamped to 1..BROWSE_PAGE_MAX. The server and the /rankings page
 * read their parameters with this one function.
 */
export function parseBrowseQuery(raw: BrowseParams): BrowseQuery {
  const tags = (raw.tags ?? "")
    .split(",")
    .filter((t): t is UserTagId => (USER_TAG_IDS as string[]).includes(t));
  return {
    q: (raw.q ?? "").trim().slice(0, BROWSE_QUERY_MAX).trim(),
    type: oneOf(BROWSE_TYPES, raw.type, "all"),
    sort: oneOf(BROWSE_SORTS, raw.sort, "newest"),
    tags: [...new Set(tags)],
    page: parsePage(raw.page),
  };
}

/**
 * A `?page=` (browse, a profile's lists): nonsense and anything below 1 is
 * page 1; a number past the end, however large, reads as BROWSE_PAGE_MAX and
 * the service clamps it to the last page.
 */
export function parsePage(raw: string | undefined): number {
  const page = Math.floor(Number(raw ?? 1));
  if (Number.isNaN(page) || page < 1) return 1;
  return Math.min(page, BROWSE_PAGE_MAX);
}

/** One page of browse: twelve cards, never the whole collection. */
export interface BrowsePage {
  lists: ListCard[];
  page: number;
  pageCount: number;
  total: number;
}

/** How many pages `total` lists make (one, empty, when there are none). */
export const browsePageCount = (total: number) => Math.max(1, Math.ceil(total / LIMITS.browsePageSize));

/** The home page's two rows of lists: the week's most upvoted and the newest. */
export interface HomeLists {
  topWeek: ListCard[];
  recent: ListCard[];
}

/** What a cached count of browse counts: the search, the type and the tags of a filter. */
export type BrowseFilter = [q: string, type: BrowseType, tags: readonly string[]];

/** What a browse filter reads of a list. */
export interface Filterable {
  name: string;
  description: string;
  kind: string | null;
  tags: readonly string[];
  isPublic: boolean;
}

/** The filter's WHERE clause (the browse query on the server), in JavaScript: whether `list` is in it. */
export function matchesFilter(list: Filterable, [q, type, tags]: BrowseFilter): boolean {
  if (!list.isPublic) return false;
  if (q && !`${list.name} ${list.description}`.toLowerCase().includes(q.toLowerCase())) return false;
  if (type !== "all" && list.kind !== type) return false;
  return tags.every((tag) => tag === "favorites" || list.tags.includes(tag));
}
