import { and, asc, count, desc, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { favorites, lists, listUpvotes, publicListCounts, user } from "../../db/schema/index.ts";
import { HOME, type SeenCount } from "../../cache/browse-caches.ts";
import { parseSnapshot, readSnapshot } from "../../db/transaction-visibility.ts";
import type { Store } from "../../store.ts";
import { summaryColumns, withPreviews } from "../lists/lists.service.ts";
import { browsePageCount, type BrowsePage, type BrowseQuery, type HomeLists } from "#shared/browse.ts";
import type { ListCard, ListSummary } from "#shared/lists.ts";
import { textArray, textArrayLiteral, textArrayParam } from "../../db/text-array.ts";
import { builtStatement } from "../../db/built-query.ts";
import { batchedRead } from "../../db/batched-reads.ts";
import { LIMITS } from "#shared/limits.ts";
import { MEMBER_FLAGS_KEPT } from "../../cache/viewer-flags-cache.ts";
import { FLAG_SEPARATOR_CODE, NO_FLAGS, packedFlags, type FlagLookup } from "../../cache/packed-flags.ts";

export type { BrowsePage, ListCard };

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => "\\" + c);
}

const KEY_NUL = "\u0000";
/** A card's key: its owner and its list, joined by a character no id holds and no SQL text can. */
const cardKey = (u: string, l: string) => `${u}${KEY_NUL}${l}`;
/** What the database joins them with instead (memberFlagsReaderOf). */
const KEY_JOIN = "\u0002";

interface FlagsAsked {
  viewerId: string;
  cards: ListSummary[];
}

/**
 * The flags of every reader asking at the same moment, in one indexed query
 * (batchedRead): each (reader, card) pair is one primary-key probe. A reader
 * gets a set of 'f' or 'u' followed by the card's key.
 */
function flagsReaderOf(db: Db) {
  return batchedRead(async (asked: FlagsAsked[]) => {
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
}

/**
 * All the flags of the members asking at the same moment, in one query
 * (batchedRead); a member with more than MEMBER_FLAGS_KEPT of a kind gets
 * null. One scan of each table for the whole batch, not one a member: on
 * PGlite every rescan of a table asks the file system for the table's size
 * (an fstat, about 25 µs here), and a LATERAL subquery a member made that 20
 * file-system calls a batch, the most of any statement (docs/performance.md,
 * "A slower machine; answers read in place, ..."). A member with many flags
 * is read whole once (their rows past the cap are not sent), and then
 * remembered as too many.
 */
function memberFlagsReaderOf(db: Db) {
  // Constants, written into the text: the statement keeps one plan (db/pglite-statements.ts).
  const cap = sql.raw(String(MEMBER_FLAGS_KEPT + 1));
  const kept = sql.raw(String(MEMBER_FLAGS_KEPT));
  // PostgreSQL's text cannot hold cardKey's NUL: the database joins a card's
  // owner and list with KEY_JOIN, and the reader puts the NUL back.
  const sep = sql.raw(`chr(${FLAG_SEPARATOR_CODE})`);
  const join = sql.raw(`chr(${KEY_JOIN.charCodeAt(0)})`);
  const asked = textArrayParam("members");
  // Built once (db/built-query.ts); each batch fills in its members.
  // Each member's flags come packed in one string (cache/packed-flags.ts), a
  // row a member instead of a row a flag: a batch of members with dozens of
  // flags each costs the server half the CPU it did as rows
  // (docs/performance.md, "Where PostgreSQL's time goes; a member's flags
  // packed by the database"). A member with too many of a kind, or whose
  // flags hold a separator (no id we make does), gets null: read page by
  // page instead.
  const statement = builtStatement<{ member: string; packed: string | null }>(
    db,
    sql`
      SELECT member,
          CASE WHEN max(n) > ${kept}
              OR bool_or(strpos(owner || list, ${sep}) > 0 OR strpos(owner || list, ${join}) > 0)
            THEN NULL
            ELSE ${sep} || string_agg(kind || owner || ${join} || list, ${sep}) || ${sep}
          END AS packed
      FROM (
        (SELECT 'f' AS kind, ${favorites.userId} AS member, ${favorites.listUserId} AS owner,
            ${favorites.listId} AS list, row_number() OVER (PARTITION BY ${favorites.userId}) AS n
          FROM ${favorites} WHERE ${favorites.userId} = ANY(${asked}))
        UNION ALL
        (SELECT 'u', ${listUpvotes.voterId}, ${listUpvotes.listUserId}, ${listUpvotes.listId},
            row_number() OVER (PARTITION BY ${listUpvotes.voterId})
          FROM ${listUpvotes} WHERE ${listUpvotes.voterId} = ANY(${asked}))
      ) flags WHERE n <= ${cap} GROUP BY member`,
  );
  return batchedRead(async (members: string[]) => {
    const rows = await statement.rows({ members: textArrayLiteral(members) });
    // A member with no flags has no row.
    const flags = new Map<string, FlagLookup | null>(members.map((m) => [m, NO_FLAGS]));
    for (const r of rows)
      flags.set(r.member, r.packed === null ? null : packedFlags(r.packed.replaceAll(KEY_JOIN, KEY_NUL)));
    return flags;
  });
}

/**
 * Adds the reader's favourite and upvote flags to cards (readerFlags).
 */
export async function withViewerFlags(
  store: Store,
  cards: ListSummary[],
  viewerId: string | null,
): Promise<ListCard[]> {
  const flags = viewerId && cards.length > 0 ? await readerFlags(store, cards, viewerId) : NO_FLAGS;
  return cards.map((c) => ({ ...c, viewer: viewerOf(flags, c) }));
}

const viewerOf = (flags: FlagLookup, card: ListSummary) => ({
  favorited: flags.has("f" + cardKey(card.userId, card.id)),
  upvoted: flags.has("u" + cardKey(card.userId, card.id)),
});

/**
 * The reader's favourite and upvote flags among `cards`: from all of the
 * member's flags, remembered (one indexed query when first needed), or, for
 * a member with too many to remember, from one query for the page's cards
 * (remembered for a second).
 */
async function readerFlags(store: Store, cards: ListSummary[], viewerId: string): Promise<FlagLookup> {
  const all = await store.caches.memberFlags.get(viewerId, async () => {
    const read = await store.perApp(memberFlagsReaderOf)(viewerId);
    // null: too many to remember; undefined cannot come (every member asked is answered).
    return read === undefined ? NO_FLAGS : read;
  });
  return all ?? (await pageFlags(store, cards, viewerId));
}

/**
 * Shared cards (every reader's, flags all off) as the reader sees them: the
 * same array when the reader flagged none of them, which is most readers
 * of most pages, so the shared answer is sent as it is, its JSON encoded
 * once for all of them (http/json-bytes.ts, sendSharedJson).
 */
function asReaderSees(cards: ListCard[], flags: FlagLookup): ListCard[] {
  const viewers = cards.map((c) => viewerOf(flags, c));
  const same = viewers.every(
    (v, i) => v.favorited === cards[i]!.viewer.favorited && v.upvoted === cards[i]!.viewer.upvoted,
  );
  return same ? cards : cards.map((c, i) => ({ ...c, viewer: viewers[i]! }));
}

function pageFlags(store: Store, cards: ListSummary[], viewerId: string): Promise<FlagLookup> {
  const pageKey = cards.map((c) => cardKey(c.userId, c.id)).join("\u0001");
  return store.caches.viewerFlags.get({ viewerId, pageKey }, async () => {
    return (await store.perApp(flagsReaderOf)({ viewerId, cards })) ?? NO_FLAGS;
  });
}

/**
 * One page of public lists, filtered, sorted and counted by the database:
 * the reader receives twelve cards, never the whole collection.
 */
export async function browseLists(
  store: Store,
  query: BrowseQuery,
  viewerId: string | null,
): Promise<BrowsePage> {
  // The Favorites filter is the reader's own selection: never shared.
  if (viewerId && query.tags.includes("favorites")) return queryBrowsePage(store, query, viewerId);
  // Everyone else reads the page visitors share, plus their own flags.
  const shared = await store.caches.browsePages.get(query, () => queryBrowsePage(store, query, null));
  if (!viewerId || shared.lists.length === 0) return shared;
  const lists = asReaderSees(shared.lists, await readerFlags(store, shared.lists, viewerId));
  return lists === shared.lists ? shared : { ...shared, lists };
}

async function queryBrowsePage(
  store: Store,
  query: BrowseQuery,
  viewerId: string | null,
): Promise<BrowsePage> {
  const { db } = store;
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

  const countAll = async (): Promise<SeenCount> => {
    if (!query.q && query.tags.length === 0) return countPublicLists(store, query.type);
    const [row] = await db.select({ n: count(), seen: readSnapshot }).from(lists).where(where);
    return { n: Number(row!.n), seen: parseSnapshot(row!.seen) };
  };
  // A reader's favourites are counted afresh: a favourite clears no shared answer.
  const { n: total } = wantsFavorites
    ? await countAll()
    : await store.caches.browseCounts.get([query.q, query.type, query.tags], countAll);
  const pageSize = LIMITS.browsePageSize;
  const pageCount = browsePageCount(total);
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
  const cards = await withViewerFlags(store, await withPreviews(store, rows), viewerId);
  return { lists: cards, page, pageCount, total };
}

/**
 * Every public list, or those of one kind: the counts the database keeps
 * by triggers on lists (migration 0015), which a scan of a million lists
 * took most of a second to match.
 */
async function countPublicLists(store: Store, type: BrowseQuery["type"]): Promise<SeenCount> {
  const [row] = await store.db
    .select({ n: sql<string | null>`sum(${publicListCounts.lists})`, seen: readSnapshot })
    .from(publicListCounts)
    .where(type === "all" ? undefined : eq(publicListCounts.kind, type));
  return { n: Number(row!.n ?? 0), seen: parseSnapshot(row!.seen) };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Home: the week's most upvoted lists and the newest lists, three of each; shared, plus the reader's flags. */
export async function homeLists(store: Store, viewerId: string | null): Promise<HomeLists> {
  const shared = await store.caches.home.get(HOME, () => queryHomeLists(store));
  const cards = [...shared.topWeek, ...shared.recent];
  if (!viewerId || cards.length === 0) return shared;
  const flags = await readerFlags(store, cards, viewerId);
  const topWeek = asReaderSees(shared.topWeek, flags);
  const recent = asReaderSees(shared.recent, flags);
  return topWeek === shared.topWeek && recent === shared.recent ? shared : { topWeek, recent };
}

async function queryHomeLists(store: Store, now = new Date()): Promise<HomeLists> {
  const { db } = store;
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
    withPreviews(store, topRows).then((c) => withViewerFlags(store, c, null)),
    withPreviews(store, recentRows).then((c) => withViewerFlags(store, c, null)),
  ]);
  return { topWeek, recent };
}

/** The reader's favourite lists, most recently favourited first. */
export async function favoriteLists(store: Store, viewerId: string): Promise<ListCard[]> {
  const rows = await store.db
    .select(summaryColumns)
    .from(favorites)
    .innerJoin(lists, and(eq(lists.userId, favorites.listUserId), eq(lists.id, favorites.listId)))
    .leftJoin(user, eq(user.id, lists.userId))
    .where(and(eq(favorites.userId, viewerId), eq(lists.isPublic, true)))
    .orderBy(desc(favorites.favoritedAt))
    .limit(300);
  return withViewerFlags(store, await withPreviews(store, rows), viewerId);
}
