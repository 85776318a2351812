import type { CacheDeclaration } from "./declare-cache.ts";
import { flagsWeight, type FlagLookup } from "./packed-flags.ts";

/** One reader's flags for one page of cards ('f' or 'u' and the card's key, see browse.service.ts). */
export interface ViewerPage {
  viewerId: string;
  /** The cards' keys, joined: the same cards, the same page. */
  pageKey: string;
}

/**
 * A second of memory for the per-reader overlay of shared pages (which cards
 * I favourited or upvoted), for members with too many flags to remember
 * whole (memberFlagsCache): a reader paging back and forth, or a page and its
 * refetch, costs one query, not one each. The reader's own toggle drops theirs
 * at once, on every process.
 */
export const viewerFlagsCache: CacheDeclaration<ViewerPage, FlagLookup> = {
  name: "each reader's favourite and upvote flags, per page of cards",
  key: (k) => `${k.viewerId}\u0001${k.pageKey}`,
  group: (k) => k.viewerId,
  bound: { entries: 40_000, ttlMs: 1000 },
  derivesFrom: {
    "upvote-toggled": (flags, e) => flags.dropGroup(e.voterId),
    "favorite-toggled": (flags, e) => flags.dropGroup(e.userId),
  },
};

/** Flags of one kind a member may have for all of them to be remembered (memberFlagsCache). */
export const MEMBER_FLAGS_KEPT = 100;

/**
 * Each member's favourite and upvote flags, all of them ('f' or 'u' and the
 * list's key), so that any page of cards they read is overlaid without a
 * query; null for a member with more than MEMBER_FLAGS_KEPT of a kind, whose
 * pages read their own flags (viewerFlagsCache). Kept packed (packedFlags):
 * this cache holds thousands of members of dozens of flags each. Only the
 * member's own toggles change these (a deleted list's flags go with it, and
 * its card with it from every page): each drops theirs at once, on every
 * process.
 */
export const memberFlagsCache: CacheDeclaration<string, FlagLookup | null> = {
  name: "each member's favourite and upvote flags",
  key: (memberId) => memberId,
  // 10,000 members of a few dozen flags weigh about 12 MB (the bench's
  // crowd, 38 flags each, all kept); 10,000 of 200 would weigh 80 MB, so a
  // crowd of heavy flaggers keeps fewer of them instead.
  bound: { entries: 10_000, ttlMs: 5 * 60_000, bytes: 16 * 1024 * 1024 },
  weigh: flagsWeight,
  derivesFrom: {
    "upvote-toggled": (flags, e) => flags.forget(e.voterId),
    "favorite-toggled": (flags, e) => flags.forget(e.userId),
  },
};
