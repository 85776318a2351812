import { setImmediate as nextTurn } from "node:timers/promises";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories } from "../../db/schema/index.ts";
import { textArray } from "../../db/text-array.ts";
import type { Store } from "../../store.ts";
import { getCatalog } from "../seasons/catalog.ts";
import type { ConsensusKind } from "#shared/consensus.ts";
import type { CategoryJob, ConsensusJob, JobLists } from "./compute-consensus.ts";
import { type MemberRows, MemberRowsBuilder, replaceMembers, toRankedLists } from "./member-rows.ts";

/**
 * Reads what a consensus refresh needs from the database: every public list
 * of each kind, in catalogue indices, and the open Global Rankings
 * categories' submissions (docs/product.md, "Community Consensus").
 *
 * What it read is kept (member-rows.ts), and the next read asks the
 * database only for the members whose lists or submissions changed since:
 * the domain events name them. Reading every list again was the largest
 * cost of the mixed workload on PGlite (a quarter of the database's time at
 * 100,000 lists; 9.5 s every 30 s at a million). Everything is read again
 * when changes may have been missed (another process's events lost while
 * the link was down), when the catalogue was reloaded, when this process
 * becomes the one that computes, and when asked (`readEverything`).
 *
 * Pages of the full read come with a turn of the event loop between them:
 * on PGlite the database runs on the main thread, and one query over a
 * million lists would hold every request behind it for seconds.
 */

/** Lists per page of a full read: about 8 ms of PGlite's time on this machine (10 entries a list). */
export const LISTS_PER_PAGE = 500;

/** Global Rankings submissions per page: one query over a category's 100,000 held PGlite for 300 ms. */
export const SUBMISSIONS_PER_PAGE = 2_000;

/** Changed members asked for in one query (a text[] parameter of this many ids). */
const MEMBERS_PER_QUERY = 500;

/** More changed members than this share of those known: a full read is as quick. */
const FULL_READ_SHARE = 0.25;

interface ListRow {
  user_id: string;
  kind: ConsensusKind;
  items: string | null;
}

interface SubmissionRow {
  user_id: string;
  slots: (string | null)[];
}

/** Catalogue indices of a list's entries; entries the catalogue no longer has are left out. */
function indicesOf(ranking: string | null, indexOf: Map<string, number>): number[] {
  const out: number[] = [];
  for (const id of ranking ? ranking.split(" ") : []) {
    const c = indexOf.get(id);
    if (c !== undefined) out.push(c);
  }
  return out;
}

/** A submission's ten slots as indices into its season's cast, -1 where empty. */
function slotsOf(slots: (string | null)[], indexOf: Map<string, number>): number[] {
  const out = new Array<number>(10).fill(-1);
  slots.slice(0, 10).forEach((id, j) => {
    if (id !== null) out[j] = indexOf.get(id) ?? -1;
  });
  return out;
}

/** The catalogue as the model numbers it: seasons by number, castaways by season then id. */
async function catalogueOrder(store: Store) {
  const catalog = await getCatalog(store);
  const entries = [...catalog.values()];
  const seasonEntries = entries.filter((e) => e.isSeason).sort((a, b) => a.seasonNumber - b.seasonNumber);
  const seasonIndex = new Map(seasonEntries.map((s, i) => [s.id, i]));
  const castawayEntries = entries
    .filter((e) => !e.isSeason && seasonIndex.has(e.seasonId))
    .sort((a, b) => a.seasonNumber - b.seasonNumber || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const seasonIds = seasonEntries.map((s) => s.id);
  const castawayIds = castawayEntries.map((c) => c.id);
  return {
    catalog,
    seasonIds,
    seasonNumbers: Int32Array.from(seasonEntries, (s) => s.seasonNumber),
    castawayIds,
    seasonOfCastaway: Int32Array.from(castawayEntries, (c) => seasonIndex.get(c.seasonId)!),
    indexOf: {
      seasons: new Map(seasonIds.map((id, i) => [id, i])),
      castaways: new Map(castawayIds.map((id, i) => [id, i])),
    } satisfies Record<ConsensusKind, Map<string, number>>,
    castOfSeason: (n: number) => castawayEntries.filter((c) => c.seasonNumber === n),
  };
}
type CatalogueOrder = Awaited<ReturnType<typeof catalogueOrder>>;

/** Every public list of both kinds, by member; `only` limits it to those members. */
async function readLists(
  db: Db,
  order: CatalogueOrder,
  only: readonly string[] | null,
): Promise<Record<ConsensusKind, MemberRows>> {
  const built = { seasons: new MemberRowsBuilder(), castaways: new MemberRowsBuilder() };
  const add = (rows: ListRow[]) => {
    for (const row of rows) built[row.kind].row(row.user_id, indicesOf(row.items, order.indexOf[row.kind]));
  };
  // Each list's entries as its row keeps them (the `ranking` column): a scan
  // of one table; aggregating list_items per list read 2.3 times slower.
  const kinds = sql`l.kind IN ('seasons', 'castaways') AND l.is_public`;
  if (only) {
    for (let i = 0; i < only.length; i += MEMBERS_PER_QUERY) {
      const result: unknown = await db.execute(sql`
        SELECT l.user_id, l.kind, l.ranking AS items FROM lists l
        WHERE l.user_id = ANY(${textArray(only.slice(i, i + MEMBERS_PER_QUERY))}) AND ${kinds}
        ORDER BY l.user_id, l.id`);
      add((result as { rows: ListRow[] }).rows);
    }
  } else {
    let after: { userId: string; listId: string } | null = null;
    for (;;) {
      const from: SQL = after ? sql`AND (l.user_id, l.id) > (${after.userId}, ${after.listId})` : sql``;
      const result: unknown = await db.execute(sql`
        SELECT l.user_id, l.id, l.kind, l.ranking AS items FROM lists l
        WHERE ${kinds} ${from}
        ORDER BY l.user_id, l.id
        LIMIT ${LISTS_PER_PAGE}`);
      const rows = (result as { rows: (ListRow & { id: string })[] }).rows;
      add(rows);
      if (rows.length < LISTS_PER_PAGE) break;
      const last = rows[rows.length - 1]!;
      after = { userId: last.user_id, listId: last.id };
      await nextTurn();
    }
  }
  return { seasons: built.seasons.done(), castaways: built.castaways.done() };
}

/** A category's submissions, one row of ten slots per member; `only` limits it to those members. */
async function readSubmissions(
  db: Db,
  categoryId: string,
  indexOf: Map<string, number>,
  only: readonly string[] | null,
): Promise<MemberRows> {
  const built = new MemberRowsBuilder();
  const add = (rows: SubmissionRow[]) => {
    for (const r of rows) built.row(r.user_id, slotsOf(r.slots, indexOf));
  };
  if (only) {
    for (let i = 0; i < only.length; i += MEMBERS_PER_QUERY) {
      const result: unknown = await db.execute(sql`
        SELECT user_id, slots FROM submissions
        WHERE category_id = ${categoryId} AND user_id = ANY(${textArray(only.slice(i, i + MEMBERS_PER_QUERY))})`);
      add((result as { rows: SubmissionRow[] }).rows);
    }
  } else {
    let after: string | null = null;
    for (;;) {
      const from: SQL = after === null ? sql`` : sql`AND user_id > ${after}`;
      const result: unknown = await db.execute(sql`
        SELECT user_id, slots FROM submissions
        WHERE category_id = ${categoryId} ${from}
        ORDER BY user_id
        LIMIT ${SUBMISSIONS_PER_PAGE}`);
      const rows = (result as { rows: SubmissionRow[] }).rows;
      add(rows);
      if (rows.length < SUBMISSIONS_PER_PAGE) break;
      after = rows[rows.length - 1]!.user_id;
      await nextTurn();
    }
  }
  return built.done();
}

/** What changed since the last read. */
interface Changes {
  everything: boolean;
  members: Set<string>;
  /** Per category, its members whose submission changed, or "all" when the category itself changed. */
  categories: Map<string, Set<string> | "all">;
}

const nothingChanged = (): Changes => ({ everything: false, members: new Set(), categories: new Map() });

export interface BallotReader {
  /** A member's lists changed (saved, deleted, made private, the account deleted). */
  memberChanged(userId: string): void;
  submissionChanged(categoryId: string, userId: string): void;
  /** A category was opened, closed, recounted or imported. */
  categoryChanged(categoryId: string): void;
  /** Changes may have been missed, or nothing read is to be trusted: the next read reads everything. */
  readEverything(): void;
  /**
   * What the next fit needs; the database is asked only for what changed
   * since the last read. The job's lists are the kept rows themselves, lent:
   * until they are given back, the next read reads every list again.
   */
  read(): Promise<{ job: ConsensusJob; membersRead: number | "all" }>;
  /** Takes back the lists the last read's job lent (moved to the fit's worker thread and back). */
  giveBack(lists: JobLists): void;
}

/** What a reader keeps between reads. */
interface Kept {
  catalog: CatalogueOrder["catalog"];
  lists: Record<ConsensusKind, MemberRows>;
  categories: Map<string, MemberRows>;
}

export function createBallotReader(store: Store): BallotReader {
  let kept: Kept | null = null;
  let changes: Changes = { ...nothingChanged(), everything: true };
  // The kept rows whose lists a job holds (moved to another thread), if any.
  let lent: Kept | null = null;

  async function readAll(changed: Changes, order: CatalogueOrder) {
    const previous =
      kept && kept.catalog === order.catalog && !changed.everything && kept !== lent ? kept : null;
    let lists: Record<ConsensusKind, MemberRows>;
    const known = previous
      ? previous.lists.seasons.members.length + previous.lists.castaways.members.length
      : 0;
    if (previous && changed.members.size <= Math.max(MEMBERS_PER_QUERY, known * FULL_READ_SHARE)) {
      const fresh = await readLists(store.db, order, [...changed.members]);
      lists = {
        seasons: replaceMembers(previous.lists.seasons, fresh.seasons, changed.members),
        castaways: replaceMembers(previous.lists.castaways, fresh.castaways, changed.members),
      };
    } else {
      lists = await readLists(store.db, order, null);
    }

    const open = await store.db
      .select({ id: categories.id, seasonNumber: categories.seasonNumber })
      .from(categories)
      .where(eq(categories.status, "open"))
      .orderBy(asc(categories.id));
    const submissions = new Map<string, MemberRows>();
    const jobs: CategoryJob[] = [];
    for (const category of open) {
      const cast = order.castOfSeason(category.seasonNumber);
      const indexOf = new Map(cast.map((c, i) => [c.id, i]));
      const before = previous?.categories.get(category.id);
      const changedHere = changed.categories.get(category.id);
      let rows: MemberRows;
      if (before && changedHere !== "all") {
        const members = changedHere ?? new Set<string>();
        rows =
          members.size === 0
            ? before
            : replaceMembers(
                before,
                await readSubmissions(store.db, category.id, indexOf, [...members]),
                members,
              );
      } else {
        rows = await readSubmissions(store.db, category.id, indexOf, null);
      }
      submissions.set(category.id, rows);
      const byName = cast.map((c, i) => [c, i] as const).sort((a, b) => a[0].name.localeCompare(b[0].name));
      const nameOrder = new Int32Array(cast.length);
      byName.forEach(([, i], position) => (nameOrder[i] = position));
      jobs.push({
        categoryId: category.id,
        castawayIds: cast.map((c) => c.id),
        // Copied: the job's arrays are moved to the worker thread.
        slots: rows.values.slice(),
        nameOrder,
      });
    }
    kept = lent = { catalog: order.catalog, lists, categories: submissions };
    return { lists, jobs, incremental: previous !== null };
  }

  return {
    memberChanged(userId) {
      if (!changes.everything) changes.members.add(userId);
    },
    submissionChanged(categoryId, userId) {
      if (changes.everything) return;
      const now = changes.categories.get(categoryId);
      if (now === "all") return;
      if (now) now.add(userId);
      else changes.categories.set(categoryId, new Set([userId]));
    },
    categoryChanged(categoryId) {
      if (!changes.everything) changes.categories.set(categoryId, "all");
    },
    readEverything() {
      changes = { ...nothingChanged(), everything: true };
    },
    giveBack(back) {
      if (!kept || kept !== lent) return;
      const returned = (rows: MemberRows, lists: JobLists[ConsensusKind]): MemberRows => {
        // (rows.offsets and rows.values are empty while away: moved out.)
        const rowCount = rows.rowStart[rows.members.length]!;
        const { offsets, items } = lists;
        if (
          !(items instanceof Int16Array) ||
          offsets.length !== rowCount + 1 ||
          offsets[rowCount] !== items.length
        )
          throw new Error("the lists given back are not the ones lent");
        return { ...rows, offsets, values: items };
      };
      kept.lists = {
        seasons: returned(kept.lists.seasons, back.seasons),
        castaways: returned(kept.lists.castaways, back.castaways),
      };
      lent = null;
    },
    async read() {
      // What changes while this read runs is read by the next one.
      const changed = changes;
      changes = nothingChanged();
      try {
        const order = await catalogueOrder(store);
        const { lists, jobs, incremental } = await readAll(changed, order);
        const job: ConsensusJob = {
          seasonIds: order.seasonIds,
          seasonNumbers: order.seasonNumbers,
          castawayIds: order.castawayIds,
          seasonOfCastaway: order.seasonOfCastaway,
          seasons: toRankedLists(lists.seasons),
          castaways: toRankedLists(lists.castaways),
          categories: jobs,
        };
        return { job, membersRead: incremental ? changed.members.size : "all" };
      } catch (e) {
        // Half read: nothing kept can be trusted.
        kept = null;
        changes = { ...nothingChanged(), everything: true };
        throw e;
      }
    },
  };
}
