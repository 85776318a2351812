import type { CacheDeclaration } from "./declare-cache.ts";

/** One reader's flags for one page of cards ('f' or 'u' and the card's key, see browse.service.ts). */
export interface ViewerPage {
  viewerId: string;
  /** The cards' keys, joined: the same cards, the same page. */
  pageKey: string;
}

/**
 * A second of memory for the per-reader overlay of shared pages (which cards
 * I favourited or upvoted): a reader paging back and forth, or a page and its
 * refetch, costs one query, not one each. The reader's own toggle drops theirs
 * at once, on every process.
 */
export const viewerFlagsCache: CacheDeclaration<ViewerPage, ReadonlySet<string>> = {
  name: "each reader's favourite and upvote flags, per page of cards",
  key: (k) => `${k.viewerId}\u0001${k.pageKey}`,
  group: (k) => k.viewerId,
  bound: { entries: 40_000, ttlMs: 1000 },
  derivesFrom: {
    "upvote-toggled": (flags, e) => flags.dropGroup(e.voterId),
    "favorite-toggled": (flags, e) => flags.dropGroup(e.userId),
  },
};
