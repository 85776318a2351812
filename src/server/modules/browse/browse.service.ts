import { and, asc, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { favorites, lists, listUpvotes, user } from "../../db/schema/index.ts";
import { type ListSummary, summaryColumns, withPreviews } from "../lists/lists.service.ts";
import type { BrowseQuery } from "#shared/browse.ts";
import { textArray } from "../../db/text-array.ts";
import { batchedRead } from "../../db/batched-reads.ts";
import { cached, updateCached } from "./browse-cache.ts";
import { cachedViewerFlags } from "./viewer-flags-cache.ts";
import { LIMITS } from "#shared/limits.ts";

export interface ListCard extends ListSummary {
  viewer: { favorited: boolean; upvoted: boolean };
}

export interface BrowsePage {
  lists: ListCard[];
  page: number;
  pageCount: number;
  total: number;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => "\\" + c);
}

const cardKey = (u: string, l: string) => `${u}\u0000${l}`;

interface FlagsAsked {
  viewerId: string;
  cards: ListSummary[];
}

const flagsReaders = new WeakMap<Db, (asked: FlagsAsked) => Promise<Set<string> | undefined>>();

/**
 * The flags of every reader asking at the same moment, in one indexed query
 * (batchedRead): each (reader, card) pair is one primary-key probe. A reader
 * gets a set of 'f' or 'u' followed by the card's key.
 */
function flagsReaderOf(db: Db) {
  let read = flagsReaders.get(db);
  if (read) return read;
  read = batchedRead(async (asked: FlagsAsked[]) => {
    const pairs = asked.flatMap((a) => a.cards.map((c) => [a.viewerId, c.userId, c.id] as const));
    const viewers = textArray(pairs.map((p) => p[0]));
    const owners = textArray(pairs.map((p) => p[1]));
    const ids = textArray(pairs.map((p) => p[2]));
    const asPairs = sql`(SELECT * FROM unnest(${viewers}, ${owners}, ${ids}))`;
    const rows = await db
      .select({
        kind: sql<string>`'f'`.as("kind"),
        v: favorites.userId,
        u: favorites.listUserId,
        l: favorites.listId,
      })
      .from(favorites)
      .where(sql`(${favorites.userId}, ${favorites.listUserId}, ${favorites.listId}) IN ${asPairs}`)
      .unionAll(
        db
          .select({
            kind: sql<string>`'u'`.as("kind"),
            v: listUpvotes.voterId,
            u: listUpvotes.listUserId,
            l: listUpvotes.listId,
          })
          .from(listUpvotes)
          .where(
            sql`(${listUpvotes.voterId}, ${listUpvotes.listUserId}, ${listUpvotes.listId}) IN ${asPairs}`,
          ),
      );
    const byViewer = new Map<string, Set<string>>();
    for (const r of rows) {
      let set = byViewer.get(r.v);
      if (!set) byViewer.set(r.v, (set = new Set()));
      set.add(r.kind + cardKey(r.u, r.l));
    }
    // Each request sees only its own cards' flags (a reader may ask for two pages at once).
    return new Map(
      asked.map((a) => {
        const mine = byViewer.get(a.viewerId);
        const onPage = new Set<string>();
        for (const c of a.cards)
          for (const kind of ["f", "u"])
            if (mine?.has(kind + cardKey(c.userId, c.id))) onPage.add(kind + cardKey(c.userId, c.id));
        return [a, onPage];
      }),
    );
  });
  flagsReaders.set(db, read);
  return read;
}

/**
 * Adds the reader's favourite and upvote flags to cards in one indexed query
 * (remembered for a second): the per-reader overlay on pages that are
 * otherwise the same for everyone.
 */
export async function withViewerFlags(
  db: Db,
  cards: ListSummary[],
  viewerId: string | null,
): Promise<ListCard[]> {
  if (!viewerId || cards.length === 0) {
    return cards.map((c) => ({ ...c, viewer: { favorited: false, upvoted: false } }));
  }
  const pageKey = cards.map((c) => cardKey(c.userId, c.id)).join("\u0001");
  const flags = await cachedViewerFlags(db, viewerId, pageKey, async () => {
    return (await flagsReaderOf(db)({ viewerId, cards })) ?? new Set<string>();
  });
  return cards.map((c) => ({
    ...c,
    viewer: {
      favorited: flags.has("f" + cardKey(c.userId, c.id)),
      upvoted: flags.has("u" + cardKey(c.userId, c.id)),
    },
  }));
}

/**
 * One page of public lists, filtered, sorted and counted by the database:
 * the reader receives twelve cards, never the whole collection.
 */
export async function browseLists(db: Db, query: BrowseQuery, viewerId: string | null): Promise<BrowsePage> {
  // The Favorites filter is the reader's own selection: never shared.
  if (viewerId && query.tags.includes("favorites")) return queryBrowsePage(db, query, viewerId);
  // Everyone else reads the page visitors share, plus their own flags.
  const shared = await cached(db, PAGE_PREFIX + JSON.stringify(query), VISITOR_PAGE_TTL_MS, () =>
    queryBrowsePage(db, query, null),
  );
  return viewerId ? { ...shared, lists: await withViewerFlags(db, shared.lists, viewerId) } : shared;
}

async function queryBrowsePage(db: Db, query: BrowseQuery, viewerId: string | null): Promise<BrowsePage> {
  const conditions: SQL[] = [eq(lists.isPublic, true)];
  if (query.q) {
    const pattern = `%${escapeLike(query.q.toLowerCase())}%`;
    conditions.push(sql`lower(${lists.name} || ' ' || ${lists.description}) LIKE ${pattern}`);
  }
  if (query.type !== "all") conditions.push(eq(lists.kind, query.type));
  const wantsFavorites = query.tags.includes("favorites");
  const realTags = query.tags.filter((t) => t !== "favorites");
  if (realTags.length > 0) {
    conditions.push(
      sql`${lists.tags} @> ARRAY[${sql.join(
        realTags.map((t) => sql`${t}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (wantsFavorites) {
    // The Favorites filter is the reader's own favourites; a visitor has none.
    if (!viewerId) return { lists: [], page: 1, pageCount: 1, total: 0 };
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${favorites} WHERE ${favorites.userId} = ${viewerId} AND ${favorites.listUserId} = ${lists.userId} AND ${favorites.listId} = ${lists.id})`,
    );
  }
  const where = and(...conditions);
  const order =
    query.sort === "oldest"
      ? [asc(lists.createdAt), asc(lists.userId), asc(lists.id)]
      : query.sort === "mostVotes"
        ? [desc(lists.upvoteCount), desc(lists.createdAt), desc(lists.userId), desc(lists.id)]
        : [desc(lists.createdAt), desc(lists.userId), desc(lists.id)];

  const countAll = async () => {
    const [row] = await db.select({ n: count() }).from(lists).where(where);
    return Number(row?.n ?? 0);
  };
  // A reader's favourites are counted afresh: a favourite clears no shared answer.
  const total = wantsFavorites
    ? await countAll()
    : await cached(db, countKey([query.q, query.type, query.tags]), COUNT_TTL_MS, countAll);
  const pageSize = LIMITS.browsePageSize;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  // Deferred join: the offset walks the sort index alone, and only the twelve
  // rows of the page are joined with their owners.
  const pageKeys = db
    .select({ userId: lists.userId, id: lists.id })
    .from(lists)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as("page_keys");
  const rows = await db
    .select(summaryColumns)
    .from(pageKeys)
    .innerJoin(lists, and(eq(lists.userId, pageKeys.userId), eq(lists.id, pageKeys.id)))
    .leftJoin(user, eq(user.id, lists.userId))
    .orderBy(...order);
  const cards = await withViewerFlags(db, await withPreviews(db, rows), viewerId);
  return { lists: cards, page, pageCount, total };
}

/** What a cached count counts: the search, the type and the tags of a filter. */
type CountFilter = [q: string, type: BrowseQuery["type"], tags: readonly string[]];
const COUNT_PREFIX = "count:";
const countKey = (filter: CountFilter) => COUNT_PREFIX + JSON.stringify(filter);

/** What browse filters and counts read of a list. */
export interface Filterable {
  name: string;
  description: string;
  kind: string | null;
  tags: readonly string[];
  isPublic: boolean;
}

/** The filter's WHERE clause (queryBrowsePage), in JavaScript. */
function matches(list: Filterable, [q, type, tags]: CountFilter): boolean {
  if (!list.isPublic) return false;
  if (q && !`${list.name} ${list.description}`.toLowerCase().includes(q.toLowerCase())) return false;
  if (type !== "all" && list.kind !== type) return false;
  return tags.every((tag) => tag === "favorites" || list.tags.includes(tag));
}

/**
 * After a list was created, saved or deleted (`before` and `after` are what
 * filters read of it, null where it did not exist), in a write that began at
 * `since`. A cached page goes only if the list joined or left its filter (its
 * pages shift) or is on it (its card changed): saving moves neither a list's
 * creation time nor its votes, the only orders there are, so every other page
 * keeps its cards in place. Home goes when a list appears or disappears (it
 * would be the newest) or is on it. Each cached count moves by the one list
 * it gained or lost, so a busy site never recounts a search because someone
 * saved a list.
 */
export function afterListWrite(
  db: Db,
  since: number,
  list: { userId: string; id: string },
  before: Filterable | null,
  after: Filterable | null,
): void {
  const isOn = (cards: readonly ListSummary[]) =>
    cards.some((c) => c.userId === list.userId && c.id === list.id);
  const appearedOrLeft = (before?.isPublic ?? false) !== (after?.isPublic ?? false);
  updateCached(
    db,
    "lists",
    since,
    (key, answer) => {
      if (key === "home") {
        const home = answer as HomeLists;
        return appearedOrLeft || isOn([...home.topWeek, ...home.recent]) ? undefined : answer;
      }
      if (!key.startsWith(PAGE_PREFIX)) return undefined;
      const query = JSON.parse(key.slice(PAGE_PREFIX.length)) as BrowseQuery;
      const filter: CountFilter = [query.q, query.type, query.tags];
      const was = before !== null && matches(before, filter);
      const is = after !== null && matches(after, filter);
      // Kept only where the list is not and cannot come, which holds for an
      // answer read during the save as well as before it.
      return was !== is || isOn((answer as BrowsePage).lists) ? undefined : answer;
    },
    { whenever: true },
  );
  updateCached(db, "counts", since, (key, answer) => {
    const filter = JSON.parse(key.slice(COUNT_PREFIX.length)) as CountFilter;
    const gained = after && matches(after, filter) ? 1 : 0;
    const lost = before && matches(before, filter) ? 1 : 0;
    return (answer as number) + gained - lost;
  });
}

const PAGE_PREFIX = "page:";

/**
 * After an upvote or its withdrawal (`delta` +1 or -1, leaving the list at
 * `upvoteCount`) that began at `since`: cached pages show the list's new
 * count without being rebuilt. Pages in vote order may change order, so
 * those go. Home goes only if its week's most voted row may change: the list
 * is in it, or now has as many votes as one in it (it may be older than a
 * week: rebuilding is the safe side).
 */
export function afterUpvote(
  db: Db,
  since: number,
  ownerId: string,
  listId: string,
  delta: number,
  upvoteCount: number,
): void {
  const isIt = (c: ListSummary) => c.userId === ownerId && c.id === listId;
  const counted = <T extends ListSummary>(cards: T[]) =>
    cards.some(isIt) ? cards.map((c) => (isIt(c) ? { ...c, upvoteCount: c.upvoteCount + delta } : c)) : cards;
  updateCached(db, "lists", since, (key, answer) => {
    if (key === "home") {
      const home = answer as HomeLists;
      const fewest = Math.min(...home.topWeek.map((c) => c.upvoteCount));
      const mayEnter = delta > 0 && (home.topWeek.length < LIMITS.homeBlockSize || upvoteCount >= fewest);
      if (home.topWeek.some(isIt) || mayEnter) return undefined;
      return { ...home, recent: counted(home.recent) };
    }
    if (!key.startsWith(PAGE_PREFIX)) return answer;
    if ((JSON.parse(key.slice(PAGE_PREFIX.length)) as BrowseQuery).sort === "mostVotes") return undefined;
    const page = answer as BrowsePage;
    return { ...page, lists: counted(page.lists) };
  });
}

// Counting every matching row is the most expensive part of a page and is
// the same for all pages of one filter; a visitor's page is the same for
// every visitor. Both are kept (browse-cache.ts) until a write through the
// app changes them, on any process; the time bounds memory and what a change
// made outside the app (an operator's SQL) leaves stale.
const COUNT_TTL_MS = 30_000;
const VISITOR_PAGE_TTL_MS = 30_000;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

type HomeLists = Awaited<ReturnType<typeof queryHomeLists>>;

/** Home: the week's most upvoted lists and the newest lists, three of each; shared, plus the reader's flags. */
export async function homeLists(db: Db, viewerId: string | null) {
  const shared = await cached(db, "home", VISITOR_PAGE_TTL_MS, () => queryHomeLists(db));
  if (!viewerId) return shared;
  const flagged = await withViewerFlags(db, [...shared.topWeek, ...shared.recent], viewerId);
  return { topWeek: flagged.slice(0, shared.topWeek.length), recent: flagged.slice(shared.topWeek.length) };
}

async function queryHomeLists(db: Db, now = new Date()) {
  const n = LIMITS.homeBlockSize;
  const topRows = await db
    .select(summaryColumns)
    .from(lists)
    .leftJoin(user, eq(user.id, lists.userId))
    .where(and(eq(lists.isPublic, true), gte(lists.createdAt, new Date(now.getTime() - WEEK_MS))))
    .orderBy(desc(lists.upvoteCount), desc(lists.createdAt), desc(lists.userId), desc(lists.id))
    .limit(n);
  const recentRows = await db
    .select(summaryColumns)
    .from(lists)
    .leftJoin(user, eq(user.id, lists.userId))
    .where(eq(lists.isPublic, true))
    .orderBy(desc(lists.createdAt), desc(lists.userId), desc(lists.id))
    .limit(n);
  const [topWeek, recent] = await Promise.all([
    withPreviews(db, topRows).then((c) => withViewerFlags(db, c, null)),
    withPreviews(db, recentRows).then((c) => withViewerFlags(db, c, null)),
  ]);
  return { topWeek, recent };
}

/** The reader's favourite lists, most recently favourited first. */
export async function favoriteLists(db: Db, viewerId: string): Promise<ListCard[]> {
  const rows = await db
    .select(summaryColumns)
    .from(favorites)
    .innerJoin(lists, and(eq(lists.userId, favorites.listUserId), eq(lists.id, favorites.listId)))
    .leftJoin(user, eq(user.id, lists.userId))
    .where(and(eq(favorites.userId, viewerId), eq(lists.isPublic, true)))
    .orderBy(desc(favorites.favoritedAt))
    .limit(300);
  return withViewerFlags(db, await withPreviews(db, rows), viewerId);
}
