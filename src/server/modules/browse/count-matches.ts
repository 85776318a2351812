import { and, count, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { type CountPart, countReadAtOnce, type SeenCount } from "../../cache/browse-caches.ts";
import { lists, publicListCounts } from "../../db/schema/index.ts";
import { parseSnapshot, readSnapshot } from "../../db/transaction-visibility.ts";
import type { Store } from "../../store.ts";
import type { BrowseQuery } from "#shared/browse.ts";

/**
 * Every public list, or those of one kind: the counts the database keeps
 * by triggers on lists (migration 0015), which a scan of a million lists
 * took most of a second to match.
 */
export async function countPublicLists(store: Store, type: BrowseQuery["type"]): Promise<SeenCount> {
  const [row] = await store.db
    .select({ n: sql<string | null>`sum(${publicListCounts.lists})`, seen: readSnapshot })
    .from(publicListCounts)
    .where(type === "all" ? undefined : eq(publicListCounts.kind, type));
  return countReadAtOnce(Number(row!.n ?? 0), parseSnapshot(row!.seen));
}

/** On PGlite, a count over more public lists than this is read in slices (below). */
export const COUNT_SLICE_LISTS = 100_000;

/**
 * The lists `where` matches, with the snapshots the count was read in.
 *
 * Counting the matches of a search over a million lists takes a quarter of
 * a second to a second of the database's work: the trigram index finds them
 * at once, and checking each match in its row is the cost. On PGlite the
 * database runs on the server's one thread, so while one statement counts
 * nothing else is answered. There (`store.countSliceLists`) a count over
 * more public lists than that is read in slices of creation time, one
 * statement each, and other requests' statements run between them. Each
 * slice repeats the index search (some milliseconds), the price of sharing
 * the thread; PostgreSQL counts in a process of its own, at once.
 */
export async function countMatches(store: Store, where: SQL | undefined): Promise<SeenCount> {
  const bounds = store.countSliceLists === null ? [] : await sliceBounds(store, store.countSliceLists);
  if (bounds.length === 0) return countPart(store, where, -Infinity, undefined).then(toCount);
  const froms = [-Infinity, ...bounds];
  const parts: (CountPart & { n: number })[] = [];
  for (let i = 0; i < froms.length; i++) parts.push(await countPart(store, where, froms[i]!, froms[i + 1]));
  return toCount(...parts);
}

function toCount(...parts: (CountPart & { n: number })[]): SeenCount {
  return {
    n: parts.reduce((sum, p) => sum + p.n, 0),
    seen: parts.map(({ fromMs, snapshot }) => ({ fromMs, snapshot })),
  };
}

/** The matches created from `fromMs` up to `toMs` (whole milliseconds; either open). */
async function countPart(store: Store, where: SQL | undefined, fromMs: number, toMs: number | undefined) {
  const span = [
    fromMs === -Infinity ? undefined : gte(lists.createdAt, new Date(fromMs)),
    toMs === undefined ? undefined : lt(lists.createdAt, new Date(toMs)),
  ];
  const [row] = await store.db
    .select({ n: count(), seen: readSnapshot })
    .from(lists)
    .where(and(where, ...span));
  return { n: Number(row!.n), fromMs, snapshot: parseSnapshot(row!.seen) };
}

/**
 * Where the slices of a count begin, after the first: the span of creation
 * times cut evenly into one slice per `sliceLists` public lists (none when
 * they fit in one). The ends of the creation index are read, not the rows.
 */
async function sliceBounds(store: Store, sliceLists: number): Promise<number[]> {
  // min and max of the column itself, which the creation index answers.
  const msOf = (edge: SQL) => sql<number | null>`floor(extract(epoch FROM ${edge}) * 1000)::float8`;
  const [span] = await store.db
    .select({
      publicLists: sql<string | null>`(SELECT sum(${publicListCounts.lists}) FROM ${publicListCounts})`,
      first: msOf(sql`min(${lists.createdAt})`),
      last: msOf(sql`max(${lists.createdAt})`),
    })
    .from(lists);
  const slices = Math.ceil(Number(span?.publicLists ?? 0) / sliceLists);
  if (slices < 2 || span?.first == null || span.last == null) return [];
  const first = Number(span.first);
  const width = Number(span.last) + 1 - first;
  const bounds = new Set<number>();
  for (let i = 1; i < slices; i++) bounds.add(first + Math.floor((width * i) / slices));
  return [...bounds].filter((b) => b > first);
}
