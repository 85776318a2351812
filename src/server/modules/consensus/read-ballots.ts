import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { categories, submissions } from "../../db/schema/index.ts";
import type { Store } from "../../store.ts";
import { getCatalog } from "../seasons/catalog.ts";
import type { ConsensusKind } from "#shared/consensus.ts";
import type { CategoryJob, ConsensusJob } from "./compute-consensus.ts";
import type { RankedLists } from "./model/index.ts";

/**
 * Reads what a consensus refresh needs from the database: every public list
 * of each kind, in catalogue indices, ordered by member (the ballots are
 * built front to back), and the open Global Rankings categories'
 * submissions.
 *
 * Lists are read a page at a time, with a turn of the event loop between
 * pages: on PGlite the database runs on the main thread, and one query over
 * a million lists would hold every request behind it for seconds.
 */

/**
 * Lists per page: about 8 ms of PGlite's time on this machine (10 entries a
 * list), the longest a request can wait behind a page.
 */
export const LISTS_PER_PAGE = 500;

/**
 * Global Rankings submissions per page: one query over a category's 100,000
 * held PGlite's main thread for 300 ms; a page of this many is a few.
 */
export const SUBMISSIONS_PER_PAGE = 2_000;

/** A growable Int32Array. */
class IntColumn {
  private data = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  /** The values, in an array of their own size. */
  done(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

interface ListPageRow {
  user_id: string;
  id: string;
  items: string;
}

async function readLists(db: Db, kind: ConsensusKind, indexOf: Map<string, number>): Promise<RankedLists> {
  const member = new IntColumn();
  const offsets = new IntColumn();
  const items = new IntColumn();
  offsets.push(0);
  let memberCount = 0;
  let lastMember: string | null = null;
  let after: { userId: string; listId: string } | null = null;
  for (;;) {
    const from: SQL = after ? sql`AND (l.user_id, l.id) > (${after.userId}, ${after.listId})` : sql``;
    // Each list's entries as its row keeps them (the `ranking` column): a
    // scan of one table; aggregating list_items per list read 2.3 times slower.
    const result: unknown = await db.execute(sql`
      SELECT l.user_id, l.id, l.ranking AS items
      FROM lists l
      WHERE l.kind = ${kind} AND l.is_public ${from}
      ORDER BY l.user_id, l.id
      LIMIT ${LISTS_PER_PAGE}`);
    const rows = (result as { rows: ListPageRow[] }).rows;
    for (const row of rows) {
      let known = 0;
      for (const id of row.items ? row.items.split(" ") : []) {
        const c = indexOf.get(id);
        // An item the catalogue no longer has (reference data changed) is left out.
        if (c === undefined) continue;
        items.push(c);
        known++;
      }
      if (known === 0) continue;
      if (row.user_id !== lastMember) {
        lastMember = row.user_id;
        memberCount++;
      }
      member.push(memberCount - 1);
      offsets.push(items.length);
    }
    if (rows.length === 0) break;
    const last: ListPageRow = rows[rows.length - 1]!;
    after = { userId: last.user_id, listId: last.id };
    await nextTurn();
  }
  return { memberCount, member: member.done(), offsets: offsets.done(), items: items.done() };
}

async function readCategories(db: Db, castawayIdsOfSeason: (n: number) => { id: string; name: string }[]) {
  const open = await db.select().from(categories).where(eq(categories.status, "open"));
  const jobs: CategoryJob[] = [];
  for (const category of open) {
    const cast = castawayIdsOfSeason(category.seasonNumber);
    const indexOf = new Map(cast.map((c, i) => [c.id, i]));
    const byName = cast.map((c, i) => [c, i] as const).sort((a, b) => a[0].name.localeCompare(b[0].name));
    const nameOrder = new Int32Array(cast.length);
    byName.forEach(([, i], position) => (nameOrder[i] = position));
    const all: (string | null)[][] = [];
    let after: string | null = null;
    for (;;) {
      const rows = await db
        .select({ userId: submissions.userId, slots: submissions.slots })
        .from(submissions)
        .where(
          and(
            eq(submissions.categoryId, category.id),
            after === null ? undefined : gt(submissions.userId, after),
          ),
        )
        .orderBy(asc(submissions.userId))
        .limit(SUBMISSIONS_PER_PAGE);
      for (const r of rows) all.push(r.slots);
      if (rows.length < SUBMISSIONS_PER_PAGE) break;
      after = rows[rows.length - 1]!.userId;
      await nextTurn();
    }
    const slots = new Int32Array(all.length * 10).fill(-1);
    all.forEach((r, s) =>
      r.slice(0, 10).forEach((id, j) => {
        if (id !== null) slots[s * 10 + j] = indexOf.get(id) ?? -1;
      }),
    );
    jobs.push({ categoryId: category.id, castawayIds: cast.map((c) => c.id), slots, nameOrder });
    await nextTurn();
  }
  return jobs;
}

export async function readConsensusJob(store: Store): Promise<ConsensusJob> {
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
    seasonIds,
    seasonNumbers: Int32Array.from(seasonEntries, (s) => s.seasonNumber),
    castawayIds,
    seasonOfCastaway: Int32Array.from(castawayEntries, (c) => seasonIndex.get(c.seasonId)!),
    seasons: await readLists(store.db, "seasons", new Map(seasonIds.map((id, i) => [id, i]))),
    castaways: await readLists(store.db, "castaways", new Map(castawayIds.map((id, i) => [id, i]))),
    categories: await readCategories(store.db, (n) =>
      castawayEntries.filter((c) => c.seasonNumber === n).map((c) => ({ id: c.id, name: c.name })),
    ),
  };
}
