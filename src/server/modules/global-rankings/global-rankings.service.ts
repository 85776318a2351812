import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { batchedRead } from "../../db/batched-reads.ts";
import type { Db, Tx } from "../../db/client.ts";
import { textArray } from "../../db/text-array.ts";
import { categories, categoryScores, type LegacyEntry, submissions } from "../../db/schema/index.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import { cached, forgetBrowseCache } from "../browse/browse-cache.ts";
import { type ReaderMemo, readerMemo } from "../browse/reader-memo.ts";
import { getCatalog } from "../seasons/catalog.ts";
import { headshotUrl } from "#shared/media-urls.ts";
import {
  alreadyRanked,
  GLOBAL_MESSAGES,
  GLOBAL_SLOTS,
  pointsForSlot,
  rankBiasedOverlap,
} from "#shared/global-rankings.ts";

export interface RankedCastaway {
  id: string;
  name: string;
  imageUrl: string;
  seasonName: string | null;
  /** Absent for imported legacy results that carry no score. */
  totalScore?: number;
  firstPlaceVotes?: number;
}

export interface CategorySummary {
  id: string;
  name: string;
  description: string;
  seasonNumber: number;
  status: "open" | "closed";
  totalSubmissions: number;
  top10: RankedCastaway[];
}

const SEEDED = [
  {
    id: "season-49",
    name: "Season 49",
    description: "Vote for your favorite Survivor 49 contestants!",
    seasonNumber: 49,
    status: "open" as const,
  },
  {
    id: "season-48",
    name: "Season 48",
    description: "The final rankings for Survivor Season 48 contestants!",
    seasonNumber: 48,
    status: "closed" as const,
  },
];

/** The categories every install starts with; existing rows are left as the operator made them. */
export async function seedCategories(db: Db): Promise<void> {
  await db.insert(categories).values(SEEDED).onConflictDoNothing();
}

async function requireCategory(db: Db | Tx, id: string, lock = false) {
  const query = db.select().from(categories).where(eq(categories.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Category not found.");
  return row;
}

/** The community top 10: total score, then first-place votes, then name. */
async function topTen(db: Db, category: typeof categories.$inferSelect): Promise<RankedCastaway[]> {
  if (category.legacyTop10) {
    return category.legacyTop10.slice(0, GLOBAL_SLOTS).map((e: LegacyEntry) => ({ ...e, seasonName: null }));
  }
  const catalog = await getCatalog(db);
  // Ties on score and first places are broken by name, so read a few more
  // than ten to order the tail correctly.
  const rows = await db
    .select()
    .from(categoryScores)
    .where(and(eq(categoryScores.categoryId, category.id), gt(categoryScores.totalScore, 0)))
    .orderBy(
      desc(categoryScores.totalScore),
      desc(categoryScores.firstPlaceVotes),
      asc(categoryScores.castawayId),
    )
    .limit(GLOBAL_SLOTS * 3);
  const named = rows.map((r) => {
    const c = catalog.get(r.castawayId);
    return {
      id: r.castawayId,
      name: c?.name ?? r.castawayId,
      imageUrl: headshotUrl(r.castawayId),
      seasonName: c?.seasonName ?? null,
      totalScore: r.totalScore,
      firstPlaceVotes: r.firstPlaceVotes,
    };
  });
  named.sort(
    (a, b) =>
      b.totalScore - a.totalScore || b.firstPlaceVotes - a.firstPlaceVotes || a.name.localeCompare(b.name),
  );
  return named.slice(0, GLOBAL_SLOTS);
}

async function summaryOf(db: Db, row: typeof categories.$inferSelect): Promise<CategorySummary> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    seasonNumber: row.seasonNumber,
    status: row.status,
    totalSubmissions: row.legacyTotalVotes ?? row.totalSubmissions,
    top10: await topTen(db, row),
  };
}

/** Every category with its top 10: open ones for the overview, closed ones for the legacy page. */
export async function listCategories(
  db: Db,
): Promise<{ open: CategorySummary[]; closed: CategorySummary[] }> {
  const rows = await db.select().from(categories).orderBy(desc(categories.seasonNumber), asc(categories.id));
  const all = await Promise.all(rows.map((r) => summaryOf(db, r)));
  return { open: all.filter((c) => c.status === "open"), closed: all.filter((c) => c.status === "closed") };
}

export interface MySubmission {
  slots: (string | null)[];
  submittedAt: string;
  updatedAt: string;
  /** Rank-biased overlap of these ten with the community top 10, 0..1. */
  closeness: number;
}

export interface CategoryDetail {
  category: CategorySummary;
  mine: MySubmission | null;
}

/** Results are shared between readers for a moment; a submission (or its event) clears them. */
const RESULTS_TTL_MS = 2000;

export const forgetResults = (db: Db) => forgetBrowseCache(db, ["results"]);

type Submission = typeof submissions.$inferSelect;

/**
 * Readers' own submissions, kept beside the shared results they were read
 * with: a submission clears those results (here and, by signal, on every
 * process), and its map goes with them. Open pages refetch on every results
 * event, so each reader's refetch costs no query.
 */
const submissionsSeenWith = new WeakMap<CategorySummary, ReaderMemo<Submission | null>>();

function submissionOf(db: Db, category: CategorySummary, id: string, viewerId: string) {
  let memo = submissionsSeenWith.get(category);
  if (!memo) submissionsSeenWith.set(category, (memo = readerMemo()));
  return memo(viewerId, async () => (await submissionReaderOf(db)(`${id}\u0000${viewerId}`)) ?? null);
}

const submissionReaders = new WeakMap<Db, (key: string) => Promise<Submission | undefined>>();

/** Readers' own submissions, asked at the same moment, in one indexed query (batchedRead); keys are category NUL reader. */
function submissionReaderOf(db: Db) {
  let read = submissionReaders.get(db);
  if (read) return read;
  read = batchedRead(async (keys: string[]) => {
    const pairs = keys.map((k) => k.split("\u0000") as [string, string]);
    const rows = await db
      .select()
      .from(submissions)
      .where(
        sql`(${submissions.categoryId}, ${submissions.userId}) IN (SELECT * FROM unnest(${textArray(pairs.map((p) => p[0]))}, ${textArray(pairs.map((p) => p[1]))}))`,
      );
    return new Map(rows.map((r) => [`${r.categoryId}\u0000${r.userId}`, r]));
  });
  submissionReaders.set(db, read);
  return read;
}

export async function categoryDetail(db: Db, id: string, viewerId: string | null): Promise<CategoryDetail> {
  const category = await cached(db, `category:${id}`, RESULTS_TTL_MS, async () =>
    summaryOf(db, await requireCategory(db, id)),
  );
  if (!viewerId) return { category, mine: null };
  const sub = await submissionOf(db, category, id, viewerId);
  if (!sub) return { category, mine: null };
  return {
    category,
    mine: {
      slots: sub.slots,
      submittedAt: sub.submittedAt.toISOString(),
      updatedAt: sub.updatedAt.toISOString(),
      // Both at full depth: a top 10 still short of ten entries has empty places.
      closeness: rankBiasedOverlap(sub.slots, [
        ...category.top10.map((c) => c.id),
        ...Array<null>(GLOBAL_SLOTS - category.top10.length).fill(null),
      ]),
    },
  };
}

/** Refuses what the client should not have let through, with the spec's texts where it has them. */
async function validateSlots(db: Db, seasonNumber: number, slots: (string | null)[]) {
  const catalog = await getCatalog(db);
  const seen = new Map<string, number>();
  slots.forEach((id, i) => {
    if (id === null) return;
    const entry = catalog.get(id);
    if (!entry || entry.isSeason || entry.seasonNumber !== seasonNumber) {
      throw new ApiError(400, "NOT_IN_SEASON", GLOBAL_MESSAGES.notInSeason);
    }
    const earlier = seen.get(id);
    if (earlier !== undefined) throw new ApiError(400, "DUPLICATE", alreadyRanked(entry.name, earlier + 1));
    seen.set(id, i);
  });
}

/** Points each castaway gets from one set of slots (and whether it is first). */
function pointsOf(slots: readonly (string | null)[]): Map<string, { score: number; first: number }> {
  const points = new Map<string, { score: number; first: number }>();
  slots.forEach((id, i) => {
    if (id) points.set(id, { score: pointsForSlot(i), first: i === 0 ? 1 : 0 });
  });
  return points;
}

/**
 * Saves a member's ten and moves the totals by the difference in one
 * transaction: the old submission's points out, the new ones in; at most 20
 * score rows change whatever the number of votes. The category row is locked
 * first, so a close and concurrent submissions take turns, and totals stay
 * exactly the sum of the submissions.
 */
export async function submitRanking(db: Db, userId: string, categoryId: string, slots: (string | null)[]) {
  const category = await requireCategory(db, categoryId);
  if (category.status !== "open") throw new ApiError(409, "CLOSED", GLOBAL_MESSAGES.closed);
  await validateSlots(db, category.seasonNumber, slots);
  await db.transaction(async (tx) => {
    const locked = await requireCategory(tx, categoryId, true);
    if (locked.status !== "open") throw new ApiError(409, "CLOSED", GLOBAL_MESSAGES.closed);
    const [previous] = await tx
      .select({ slots: submissions.slots })
      .from(submissions)
      .where(and(eq(submissions.categoryId, categoryId), eq(submissions.userId, userId)));
    const delta = new Map<string, { score: number; first: number }>();
    for (const [id, p] of pointsOf(previous?.slots ?? []))
      delta.set(id, { score: -p.score, first: -p.first });
    for (const [id, p] of pointsOf(slots)) {
      const d = delta.get(id) ?? { score: 0, first: 0 };
      delta.set(id, { score: d.score + p.score, first: d.first + p.first });
    }
    const changed = [...delta].filter(([, d]) => d.score !== 0 || d.first !== 0);
    if (changed.length > 0) {
      await tx
        .insert(categoryScores)
        .values(
          changed.map(([castawayId, d]) => ({
            categoryId,
            castawayId,
            totalScore: d.score,
            firstPlaceVotes: d.first,
          })),
        )
        .onConflictDoUpdate({
          target: [categoryScores.categoryId, categoryScores.castawayId],
          set: {
            totalScore: sql`${categoryScores.totalScore} + excluded.total_score`,
            firstPlaceVotes: sql`${categoryScores.firstPlaceVotes} + excluded.first_place_votes`,
          },
        });
    }
    if (previous) {
      await tx
        .update(submissions)
        .set({ slots, updatedAt: sql`now()` })
        .where(and(eq(submissions.categoryId, categoryId), eq(submissions.userId, userId)));
    } else {
      await tx.insert(submissions).values({ categoryId, userId, slots });
      await tx
        .update(categories)
        .set({ totalSubmissions: sql`${categories.totalSubmissions} + 1` })
        .where(eq(categories.id, categoryId));
    }
  });
  forgetResults(db);
}

/** Recomputes a category's totals from its submissions (operator tool; the check of the incremental sums). */
export async function recountCategory(db: Db, categoryId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireCategory(tx, categoryId, true);
    await tx.delete(categoryScores).where(eq(categoryScores.categoryId, categoryId));
    await tx.execute(sql`
      INSERT INTO ${categoryScores} (category_id, castaway_id, total_score, first_place_votes)
      SELECT ${categoryId}, slot.id, sum(${GLOBAL_SLOTS} - (slot.n - 1))::int, count(*) FILTER (WHERE slot.n = 1)::int
      FROM ${submissions} s, jsonb_array_elements_text(s.slots) WITH ORDINALITY AS slot(id, n)
      WHERE s.category_id = ${categoryId} AND slot.id IS NOT NULL
      GROUP BY slot.id`);
    await tx.execute(sql`
      UPDATE ${categories} SET total_submissions =
        (SELECT count(*)::int FROM ${submissions} WHERE category_id = ${categoryId})
      WHERE id = ${categoryId}`);
  });
}

/** Opens a new category for a season (operator tool). */
export async function openCategory(
  db: Db,
  input: { id: string; name: string; description: string; seasonNumber: number },
): Promise<void> {
  const inserted = await db
    .insert(categories)
    .values({ ...input, status: "open" })
    .onConflictDoNothing()
    .returning({ id: categories.id });
  if (inserted.length === 0) throw new ApiError(409, "EXISTS", `Category ${input.id} already exists.`);
}

/** Closes a category: its results freeze and it moves to the legacy page (operator tool). */
export async function closeCategory(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireCategory(tx, id, true);
    await tx
      .update(categories)
      .set({ status: "closed", closedAt: sql`now()` })
      .where(eq(categories.id, id));
  });
}

/** Stores imported final results of a closed category (operator tool). */
export async function importLegacyResults(
  db: Db,
  id: string,
  results: { top10: LegacyEntry[]; totalVotes: number },
): Promise<void> {
  await requireCategory(db, id);
  await db
    .update(categories)
    .set({
      legacyTop10: results.top10.slice(0, GLOBAL_SLOTS),
      legacyTotalVotes: results.totalVotes,
      status: "closed",
    })
    .where(eq(categories.id, id));
}
