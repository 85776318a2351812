import { asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { batchedRead } from "../../db/batched-reads.ts";
import type { Db, Tx } from "../../db/client.ts";
import { textArrayLiteral, textArrayParam } from "../../db/text-array.ts";
import { builtQuery } from "../../db/built-query.ts";
import { categories, categoryScores, type LegacyEntry, submissions } from "../../db/schema/index.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import type { Store } from "../../store.ts";
import { type Catalog, getCatalog } from "../seasons/catalog.ts";
import { globalRankRanges } from "../consensus/consensus.service.ts";
import { headshotUrl } from "#shared/media-urls.ts";
import {
  alreadyRanked,
  type CategorySummary,
  GLOBAL_MESSAGES,
  GLOBAL_SLOTS,
  pointsForSlot,
  type RankedCastaway,
  rankBiasedOverlap,
} from "#shared/global-rankings.ts";

export type { CategorySummary, RankedCastaway };

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
  return found(row);
}

function found<T>(row: T | undefined): T {
  if (!row) throw notFound("Category not found.");
  return row;
}

/** A score row as the top 10 reads it. */
type ScoreRow = Pick<typeof categoryScores.$inferSelect, "castawayId" | "totalScore" | "firstPlaceVotes">;

/** A category's row with the score rows its community top 10 is made from. */
type CategoryWithScores = typeof categories.$inferSelect & { scores: ScoreRow[] };

/**
 * A category's columns and, read in the same statement, the rows its
 * community top 10 is made from: a few more than ten, since ties on score
 * and first places are broken by name, so the tail needs them to be ordered
 * correctly. Every vote drops the shared results and the next reader reads
 * them again: one round trip, not two.
 */
const withScores = {
  ...getTableColumns(categories),
  scores: sql<ScoreRow[]>`(
    SELECT coalesce(json_agg(json_build_object('castawayId', s.castaway_id, 'totalScore', s.total_score,
      'firstPlaceVotes', s.first_place_votes)), '[]'::json)
    FROM (
      SELECT ${categoryScores.castawayId} AS castaway_id, ${categoryScores.totalScore} AS total_score,
        ${categoryScores.firstPlaceVotes} AS first_place_votes
      FROM ${categoryScores}
      WHERE ${categoryScores.categoryId} = ${categories.id} AND ${categoryScores.totalScore} > 0
      ORDER BY ${categoryScores.totalScore} DESC, ${categoryScores.firstPlaceVotes} DESC, ${categoryScores.castawayId}
      LIMIT ${sql.raw(String(GLOBAL_SLOTS * 3))}
    ) s)`.as("scores"),
};

// Built once (db/built-query.ts).
const categoryQuery = (db: Db) =>
  builtQuery(
    db
      .select(withScores)
      .from(categories)
      .where(eq(categories.id, sql.placeholder("id"))),
  );

/**
 * The community top 10: total score, then first-place votes, then name; a
 * legacy category shows its imported results instead.
 */
async function topTen(store: Store, category: CategoryWithScores): Promise<RankedCastaway[]> {
  if (category.legacyTop10) {
    return category.legacyTop10.slice(0, GLOBAL_SLOTS).map((e: LegacyEntry) => ({ ...e, seasonName: null }));
  }
  const catalog = await getCatalog(store);
  const named = category.scores.map((r) => {
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
  // The ranges come from the last consensus refresh (seconds old at most a
  // minute); a place that moved since is held inside its range.
  const ranges = await globalRankRanges(store, category.id);
  return named.slice(0, GLOBAL_SLOTS).map((entry, i) => {
    const r = ranges.get(entry.id);
    return { ...entry, range: r ? { low: Math.min(r.low, i + 1), high: Math.max(r.high, i + 1) } : null };
  });
}

async function summaryOf(store: Store, row: CategoryWithScores): Promise<CategorySummary> {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    seasonNumber: row.seasonNumber,
    status: row.status,
    totalSubmissions: row.legacyTotalVotes ?? row.totalSubmissions,
    top10: await topTen(store, row),
  };
}

/** Every category with its top 10: open ones for the overview, closed ones for the legacy page. */
export async function listCategories(
  store: Store,
): Promise<{ open: CategorySummary[]; closed: CategorySummary[] }> {
  const rows = await store.db
    .select(withScores)
    .from(categories)
    .orderBy(desc(categories.seasonNumber), asc(categories.id));
  const all = await Promise.all(rows.map((r) => summaryOf(store, r)));
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

/** Readers' own submissions, asked at the same moment, in one indexed query (batchedRead); keys are category NUL reader. */
function submissionReaderOf(db: Db) {
  const query = builtQuery(
    db
      .select()
      .from(submissions)
      .where(
        sql`(${submissions.categoryId}, ${submissions.userId}) IN (SELECT * FROM unnest(${textArrayParam("categories")}, ${textArrayParam("readers")}))`,
      ),
  );
  return batchedRead(async (keys: string[]) => {
    const pairs = keys.map((k) => k.split("\u0000") as [string, string]);
    const rows = await query.execute({
      categories: textArrayLiteral(pairs.map((p) => p[0])),
      readers: textArrayLiteral(pairs.map((p) => p[1])),
    });
    return new Map(rows.map((r) => [`${r.categoryId}\u0000${r.userId}`, r]));
  });
}

/** A category's results as everyone sees them, shared for a moment; any submission to it drops them. */
function sharedResults(store: Store, id: string): Promise<CategorySummary> {
  return store.caches.results.get(id, async () => {
    const [row] = await store.perApp(categoryQuery).execute({ id });
    return summaryOf(store, found(row));
  });
}

/** A member's saved ten and when: as read, or as their vote just answered it. */
export type OwnSubmission = Pick<typeof submissions.$inferSelect, "slots" | "submittedAt" | "updatedAt">;

/**
 * A category's results, and the viewer's own submission to it: `own` when
 * the caller has it (the viewer's vote just saved it), else read.
 */
export async function categoryDetail(
  store: Store,
  id: string,
  viewerId: string | null,
  own?: OwnSubmission,
): Promise<CategoryDetail> {
  if (!viewerId) return { category: await sharedResults(store, id), mine: null };
  const read = store.perApp(submissionReaderOf);
  // Side by side: after a vote the results were dropped, and on PostgreSQL each is a round trip.
  const [category, sub] = await Promise.all([
    sharedResults(store, id),
    own ??
      store.caches.ownSubmissions.get(
        { categoryId: id, userId: viewerId },
        async () => (await read(`${id}\u0000${viewerId}`)) ?? null,
      ),
  ]);
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

/** Refuses what the client should not have let through, with the product's texts where it has them (docs/product.md, Global Rankings). */
function validateSlots(catalog: Catalog, seasonNumber: number, slots: (string | null)[]) {
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

/** Points each slot gives, first slot first (the SQL below reads them by position). */
const SLOT_POINTS = Array.from({ length: GLOBAL_SLOTS }, (_, i) => pointsForSlot(i));
const SLOT_POINTS_ARRAY = `{${SLOT_POINTS.join(",")}}`;

/**
 * Saves a member's ten and moves the totals by the difference: the old
 * submission's points out, the new ones in; at most 20 score rows change
 * whatever the number of votes. The category row is locked first, so a close
 * and concurrent submissions take turns, and totals stay exactly the sum of
 * the submissions.
 *
 * One call of the database's `submit_global_vote` (migration 0012) does it
 * all: the lock, the status, then one statement that reads the old ten,
 * moves the totals and saves the new ten. One round trip, and the lock,
 * which every vote of the category waits for, is held only while the
 * database works: under load, a transaction held it across three round
 * trips and the votes queued behind it (docs/performance.md). The slots are
 * checked before, against the category's season (which never changes).
 * Answers the saved ten with its times, as the member's next read would.
 */
export async function submitRanking(
  store: Store,
  userId: string,
  categoryId: string,
  slots: (string | null)[],
): Promise<OwnSubmission> {
  const [catalog, seasonNumber] = await Promise.all([getCatalog(store), seasonOfCategory(store, categoryId)]);
  if (seasonNumber === null) throw notFound("Category not found.");
  validateSlots(catalog, seasonNumber, slots);
  const { rows } = (await store.db.execute(sql`
    SELECT submit_global_vote(${categoryId}, ${userId}, ${JSON.stringify(slots)}::jsonb, ${SLOT_POINTS_ARRAY}::int[]) AS saved`)) as unknown as {
    rows: { saved: VoteAnswer | null }[];
  };
  const saved = rows[0]?.saved ?? null;
  if (saved === null) throw notFound("Category not found.");
  if (saved.status !== "open") throw new ApiError(409, "CLOSED", GLOBAL_MESSAGES.closed);
  await store.events.emit("submission-saved", { categoryId, userId });
  return { slots, submittedAt: new Date(saved.submittedAtMs), updatedAt: new Date(saved.updatedAtMs) };
}

/** What `submit_global_vote` answers (migration 0017): the times only when the vote was saved. */
type VoteAnswer = { status: "open"; submittedAtMs: number; updatedAtMs: number } | { status: "closed" };

/** The season a category votes on (fixed when it is opened), or null when there is no such category. */
function seasonOfCategory(store: Store, categoryId: string): Promise<number | null> {
  return store.caches.categorySeasons.get(categoryId, async () => {
    const [row] = await store.db
      .select({ seasonNumber: categories.seasonNumber })
      .from(categories)
      .where(eq(categories.id, categoryId));
    return row?.seasonNumber ?? null;
  });
}

/** Recomputes a category's totals from its submissions (operator tool; the check of the incremental sums). */
export async function recountCategory(store: Store, categoryId: string): Promise<void> {
  await store.db.transaction((tx) => recountCategoryIn(tx, categoryId));
  await store.events.emit("category-changed", { categoryId });
}

/**
 * The recount inside the caller's transaction (a deleted account's
 * submissions leave); the caller announces "category-changed" after commit.
 */
export async function recountCategoryIn(tx: Tx, categoryId: string): Promise<void> {
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
}

/** Opens a new category for a season (operator tool). */
export async function openCategory(
  store: Store,
  input: { id: string; name: string; description: string; seasonNumber: number },
): Promise<void> {
  const inserted = await store.db
    .insert(categories)
    .values({ ...input, status: "open" })
    .onConflictDoNothing()
    .returning({ id: categories.id });
  if (inserted.length === 0) throw new ApiError(409, "EXISTS", `Category ${input.id} already exists.`);
  await store.events.emit("category-changed", { categoryId: input.id });
}

/** Closes a category: its results freeze and it moves to the legacy page (operator tool). */
export async function closeCategory(store: Store, id: string): Promise<void> {
  await store.db.transaction(async (tx) => {
    await requireCategory(tx, id, true);
    await tx
      .update(categories)
      .set({ status: "closed", closedAt: sql`now()` })
      .where(eq(categories.id, id));
  });
  await store.events.emit("category-changed", { categoryId: id });
}

/** Stores imported final results of a closed category (operator tool). */
export async function importLegacyResults(
  store: Store,
  id: string,
  results: { top10: LegacyEntry[]; totalVotes: number },
): Promise<void> {
  await requireCategory(store.db, id);
  await store.db
    .update(categories)
    .set({
      legacyTop10: results.top10.slice(0, GLOBAL_SLOTS),
      legacyTotalVotes: results.totalVotes,
      status: "closed",
    })
    .where(eq(categories.id, id));
  await store.events.emit("category-changed", { categoryId: id });
}
