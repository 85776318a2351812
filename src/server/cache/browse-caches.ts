import {
  browsePageCount,
  type BrowseFilter,
  type BrowsePage,
  type BrowseQuery,
  type HomeLists,
  matchesFilter,
} from "#shared/browse.ts";
import { LIMITS } from "#shared/limits.ts";
import type { ListSummary } from "#shared/lists.ts";
import type { ListFacts, ListWriteLocal } from "../events/domain-event-map.ts";
import type { CacheDeclaration } from "./declare-cache.ts";
import type { DerivedCache } from "./derived-cache.ts";
import { type Snapshot, sawTransaction } from "../db/transaction-visibility.ts";

// Browse answers are the same for every visitor, and a member's differ only
// by their own flags (viewer-flags-cache.ts, laid over the shared page).
// Counting every match of a filter is the dearest query there is, and the
// same for all its pages.

/** For an update that holds whenever an answer was read: it keeps only answers the write cannot show in. */
const ANY_TIME = Infinity;
const ownedBy = (cards: readonly ListSummary[], userId: string) => cards.some((c) => c.userId === userId);

const filterOf = (q: BrowseQuery): BrowseFilter => [q.q, q.type, q.tags];
const isOn = (cards: readonly ListSummary[], list: { ownerId: string; listId: string }) =>
  cards.some((c) => c.userId === list.ownerId && c.id === list.listId);

/** What a process knows of its own list write; `after` is null for a deletion. */
type ListWrite = ListWriteLocal & { after: ListFacts | null };

/**
 * Whether a list created at `createdAtMs` comes after every card of a full
 * page in creation order: the list joining or leaving the page's filter
 * then shifts only later pages, and this one keeps its cards. Cards carry
 * milliseconds and the database microseconds, so a list within a
 * millisecond of the last card counts as touching it. In vote order a
 * list's place moves with every vote: never.
 */
function comesAfterPage(query: BrowseQuery, page: BrowsePage, createdAtMs: number | undefined): boolean {
  if (createdAtMs === undefined || page.lists.length < LIMITS.browsePageSize) return false;
  const last = Date.parse(page.lists.at(-1)!.createdAt);
  if (query.sort === "newest") return createdAtMs < last - 1;
  if (query.sort === "oldest") return createdAtMs > last + 1;
  return false;
}

/**
 * After a list was created, saved or deleted (`before` and `after` are what
 * filters read of it, null where it did not exist): a cached page goes if
 * the list is on it (its card changed), or if the list joined or left its
 * filter and comes before the page's end (its cards shift); a page that
 * ends before the list keeps its cards and counts the list in or out of
 * its total. Saving moves neither a list's creation time nor its votes, the
 * only orders there are, so every other page keeps its cards in place,
 * whenever it was read (`unaffected`); only a page complete before the write
 * has its total moved (one read while it ran may count the list already).
 * Where the facts are not known (another process's write), every page goes.
 */
function afterListWrite(
  pages: DerivedCache<BrowseQuery, BrowsePage>,
  list: { ownerId: string; listId: string },
  local: ListWrite | undefined,
) {
  if (!local) return pages.clear();
  const { began, before, after, createdAtMs } = local;
  const joined = (query: BrowseQuery) => {
    const filter = filterOf(query);
    return (
      (after !== null && matchesFilter(after, filter) ? 1 : 0) -
      (before !== null && matchesFilter(before, filter) ? 1 : 0)
    );
  };
  const unaffected = (query: BrowseQuery, page: BrowsePage) => joined(query) === 0 && !isOn(page.lists, list);
  pages.update(
    began,
    (query, page) => {
      if (isOn(page.lists, list)) return undefined;
      const delta = joined(query);
      if (delta === 0) return page;
      return comesAfterPage(query, page, createdAtMs) ? withTotal(page, page.total + delta) : undefined;
    },
    { unaffected },
  );
}

const withTotal = (page: BrowsePage, total: number): BrowsePage => ({
  ...page,
  total,
  pageCount: browsePageCount(total),
});

/** A list as browse pages mention it (the cache's `mentions`). */
const listShown = (ownerId: string, listId: string) => `${ownerId}\u0000${listId}`;
/** The group of the pages in vote order, which any vote may reorder. */
const IN_VOTE_ORDER = "mostVotes";

export const browsePagesCache: CacheDeclaration<BrowseQuery, BrowsePage> = {
  name: "browse pages as visitors see them",
  key: (q) => JSON.stringify([q.q, q.type, q.sort, q.tags, q.page]),
  group: (q) => (q.sort === "mostVotes" ? IN_VOTE_ORDER : undefined),
  mentions: (_q, page) => page.lists.map((card) => listShown(card.userId, card.id)),
  bound: { entries: 2_000, ttlMs: 30_000 },
  derivesFrom: {
    "list-saved": (pages, e) => afterListWrite(pages, e, e.local),
    "list-deleted": (pages, e) => afterListWrite(pages, e, e.local && { ...e.local, after: null }),
    // Pages in vote order may change order and go; the others show the new
    // count without a rebuild, and those without the list are as they were
    // (so only the pages that show it are visited).
    "upvote-toggled": (pages, e) => {
      pages.dropGroup(IN_VOTE_ORDER);
      const unaffected = (_q: BrowseQuery, page: BrowsePage) => !isOn(page.lists, e);
      const mentioning = listShown(e.ownerId, e.listId);
      if (!e.local)
        return pages.update(ANY_TIME, (q, page) => (unaffected(q, page) ? page : undefined), {
          whenever: true,
          unaffected,
          mentioning,
        });
      pages.update(
        e.local.began,
        (_q, page) => (isOn(page.lists, e) ? { ...page, lists: withCount(page.lists, e, e.delta) } : page),
        { unaffected, mentioning },
      );
    },
    // Cards show their owner's name and picture.
    "member-changed": (pages, e) =>
      pages.update(ANY_TIME, (_q, page) => (ownedBy(page.lists, e.userId) ? undefined : page), {
        whenever: true,
      }),
  },
};

/** A count of a filter's lists, with the snapshot it was read in (db/transaction-visibility.ts). */
export interface SeenCount {
  n: number;
  seen: Snapshot;
}

/**
 * Each cached count moves by the one list it gained or lost: a busy site
 * never recounts because someone saved. Whether a count already holds the
 * write is told by its snapshot, so a count still being made when the write
 * came is kept too, and moved when it comes if it did not see the write:
 * counting a search over a million lists takes most of a second on
 * PostgreSQL, and with a save every moment a fresh process would otherwise
 * count its searches again and again (docs/performance.md).
 */
function countAfterListWrite(counts: DerivedCache<BrowseFilter, SeenCount>, local: ListWrite | undefined) {
  if (!local) return counts.clear();
  const { before, after, transactionId } = local;
  const delta = (filter: BrowseFilter) =>
    (after && matchesFilter(after, filter) ? 1 : 0) - (before && matchesFilter(before, filter) ? 1 : 0);
  // Without its transaction (a deletion that found the list gone moved
  // nothing), a count it would move cannot tell whether it saw it: read again.
  if (transactionId === undefined) return counts.drop((filter) => delta(filter) !== 0);
  counts.revise((filter, count) => {
    const moved = delta(filter);
    if (moved === 0 || sawTransaction(count.seen, transactionId)) return count;
    return { ...count, n: count.n + moved };
  });
}

export const browseCountsCache: CacheDeclaration<BrowseFilter, SeenCount> = {
  name: "browse counts by filter",
  key: (f) => JSON.stringify(f),
  // Every list write through the app moves these (above), so the expiry only
  // bounds what a change outside it (an admin script) leaves off. Each
  // recount of a search matching many of a million lists holds PGlite's one
  // thread for a third of a second: the counts live ten times as long as the
  // pages they number.
  bound: { entries: 2_000, ttlMs: 300_000 },
  derivesFrom: {
    "list-saved": (counts, e) => countAfterListWrite(counts, e.local),
    "list-deleted": (counts, e) => countAfterListWrite(counts, e.local && { ...e.local, after: null }),
  },
};

/** The home page has one answer for everyone; its key is always this. */
export const HOME = "home";

export const homeListsCache: CacheDeclaration<typeof HOME, HomeLists> = {
  name: "home page lists as visitors see them",
  key: () => HOME,
  bound: { entries: 1, ttlMs: 30_000 },
  derivesFrom: {
    // A list that appears or disappears may be the newest; one on home changed its card.
    "list-saved": (home, e) => afterHomeListWrite(home, e, e.local),
    "list-deleted": (home, e) => afterHomeListWrite(home, e, e.local && { ...e.local, after: null }),
    /**
     * Home goes only if its week's most voted row may change: the list is in
     * it, or now has as many votes as one in it (it may be older than a
     * week: rebuilding is the safe side). Otherwise its newest row shows the
     * new count.
     */
    "upvote-toggled": (home, e) => {
      const { delta, upvoteCount } = e;
      const topMayChange = (lists: HomeLists) => {
        const fewest = Math.min(...lists.topWeek.map((c) => c.upvoteCount));
        const mayEnter = delta > 0 && (lists.topWeek.length < LIMITS.homeBlockSize || upvoteCount >= fewest);
        return isOn(lists.topWeek, e) || mayEnter;
      };
      home.update(
        e.local?.began ?? ANY_TIME,
        (_key, lists) => {
          if (topMayChange(lists)) return undefined;
          if (!isOn(lists.recent, e)) return lists;
          // Another process's answer may or may not hold the new count: read it again.
          return e.local ? { ...lists, recent: withCount(lists.recent, e, delta) } : undefined;
        },
        { whenever: !e.local, unaffected: (_key, lists) => !topMayChange(lists) && !isOn(lists.recent, e) },
      );
    },
    "member-changed": (home, e) =>
      home.update(
        ANY_TIME,
        (_key, lists) => (ownedBy([...lists.topWeek, ...lists.recent], e.userId) ? undefined : lists),
        { whenever: true },
      ),
  },
};

function afterHomeListWrite(
  home: DerivedCache<typeof HOME, HomeLists>,
  list: { ownerId: string; listId: string },
  local: ListWrite | undefined,
) {
  if (!local) return home.clear();
  const appearedOrLeft = (local.before?.isPublic ?? false) !== (local.after?.isPublic ?? false);
  const unaffected = (_key: typeof HOME, lists: HomeLists) =>
    !appearedOrLeft && !isOn([...lists.topWeek, ...lists.recent], list);
  home.update(local.began, (key, lists) => (unaffected(key, lists) ? lists : undefined), {
    whenever: true,
    unaffected,
  });
}

function withCount<T extends ListSummary>(
  cards: T[],
  list: { ownerId: string; listId: string },
  delta: number,
): T[] {
  return cards.map((c) =>
    c.userId === list.ownerId && c.id === list.listId ? { ...c, upvoteCount: c.upvoteCount + delta } : c,
  );
}
