import { CONSENSUS_MIN_BALLOTS, consensusKey, SEASON_SLICES } from "#shared/consensus.ts";
import { GLOBAL_SLOTS } from "#shared/global-rankings.ts";
import { categoryFingerprint, sliceFingerprint } from "./slice-fingerprint.ts";
import {
  buildBallots,
  castawayPartitions,
  chunkPartition,
  createBallotBuffers,
  fitConsensus,
  type IndexArray,
  pointsRankRanges,
  seasonPartitions,
  type ConsensusResult,
  type Partition,
  type RankedLists,
} from "./model/index.ts";

/**
 * One full consensus refresh, as the worker thread runs it: every slice of
 * seasons and castaways fitted (model/, docs/decisions/016-consensus-model.md),
 * and the Global Rankings ranges of each open category. Pure: the input is
 * what the database held, the output what goes back into it.
 */

/** Everything a refresh reads, in catalogue indices (ballot-reader.ts builds it). */
export interface ConsensusJob {
  /** Season ids in catalogue order, and each one's season number. */
  seasonIds: string[];
  seasonNumbers: Int32Array;
  /** Appearance ids in catalogue order, and each one's season (an index into seasonIds). */
  castawayIds: string[];
  seasonOfCastaway: Int32Array;
  seasons: RankedLists;
  castaways: RankedLists;
  /** The open Global Rankings categories' submissions. */
  categories: CategoryJob[];
  minBallots?: number;
  /**
   * Each slice's (and category's) fingerprint as the last stored refresh
   * computed it: one that still has it is not computed again
   * (slice-fingerprint.ts).
   */
  known?: Record<string, string>;
}

/**
 * A job's lists' arrays, which the worker thread moves back when it is done:
 * they are the ballot reader's kept rows, lent (member-rows.ts, toRankedLists).
 */
export type JobLists = Record<"seasons" | "castaways", Pick<RankedLists, "offsets" | "items">>;

export function jobLists(job: ConsensusJob): JobLists {
  return {
    seasons: { offsets: job.seasons.offsets, items: job.seasons.items },
    castaways: { offsets: job.castaways.offsets, items: job.castaways.items },
  };
}

/** The buffers to move with a job's lists. */
export function listBuffers(lists: JobLists): ArrayBuffer[] {
  return [lists.seasons, lists.castaways].flatMap((l) => [l.offsets.buffer, l.items.buffer] as ArrayBuffer[]);
}

export interface CategoryJob {
  categoryId: string;
  /** The season's castaways, the catalogue of this category's slots. */
  castawayIds: string[];
  /** Ten slots per submission: an index into castawayIds, or -1. */
  slots: IndexArray;
  /** castawayIds[i]'s position in name order (the page's last tie-break). */
  nameOrder: Int32Array;
}

/** One ranked item as stored. */
export interface StoredRow {
  id: string;
  rank: number;
  low: number;
  high: number;
  ballots: number;
  top3: number;
  spread: number | null;
}

/** A slice as stored (consensus_results.result). */
export interface StoredSlice {
  ballotCount: number;
  minBallots: number;
  ranked: StoredRow[];
  unranked: { id: string; ballots: number }[];
}

/** A Global Rankings category's ranges as stored. */
export interface StoredRanges {
  ranges: { id: string; rank: number; low: number; high: number }[];
}

export interface ComputedConsensus {
  /** Every slice: its fingerprint, and what to store, or null when it matched `known` (what is stored stands). */
  slices: { key: string; fingerprint: string; slice: StoredSlice | null }[];
  /** Every open category: likewise, null when it matched `known`. */
  categories: { key: string; fingerprint: string; ranges: StoredRanges | null }[];
}

export const globalRangesKey = (categoryId: string) => `global:${categoryId}`;

/** Season slices' rankings fitted in one pass however few lists there are (4 MB of the worker's buffers). */
const MIN_CHUNK_RANKINGS = 250_000;

/**
 * The castaways' season slices in the chunks they are built and fitted in.
 * A list reaching many seasons becomes a ranking in each, while the
 * overall slice holds one ranking per list: each chunk holds no more
 * rankings than that, so the worker's buffers never grow past what the
 * overall slice needed (at a million lists, ten seasons at a time held
 * twice as many rankings as there are lists).
 */
export function seasonSliceChunks(bySeason: Partition, lists: RankedLists) {
  return chunkPartition(bySeason, lists, Math.max(lists.offsets.length - 1, MIN_CHUNK_RANKINGS));
}

/** Rounds a share to 4 decimals: what the page shows, at a third of the bytes. */
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

function stored(
  result: ConsensusResult,
  catalogueItems: Int32Array,
  ids: string[],
  minBallots: number,
): StoredSlice {
  const idOf = (i: number) => ids[catalogueItems[i]!]!;
  return {
    ballotCount: result.ballotCount,
    minBallots,
    ranked: Array.from(result.order, (i) => ({
      id: idOf(i),
      rank: result.rank[i]!,
      low: result.rankLow[i]!,
      high: result.rankHigh[i]!,
      ballots: result.ballots[i]!,
      top3: round4(result.top3Share[i]!),
      spread: Number.isNaN(result.divisiveness[i]!) ? null : round4(result.divisiveness[i]!),
    })),
    // Items no member listed are in no list: nothing to show.
    unranked: Array.from(result.unranked)
      .filter((i) => result.ballots[i]! > 0)
      .map((i) => ({ id: idOf(i), ballots: result.ballots[i]! })),
  };
}

const EMPTY_SLICE = (minBallots: number): StoredSlice => ({
  ballotCount: 0,
  minBallots,
  ranked: [],
  unranked: [],
});

export function computeConsensus(job: ConsensusJob): ComputedConsensus {
  const minBallots = job.minBallots ?? CONSENSUS_MIN_BALLOTS;
  const seasons = seasonPartitions(job.seasonNumbers);
  const castaways = castawayPartitions(job.seasonOfCastaway, job.seasonIds.length);
  const buffers = createBallotBuffers();
  const slices: ComputedConsensus["slices"] = [];

  // Each plan fits the slices of its partitions in order and names them.
  const plan: {
    lists: RankedLists;
    ids: string[];
    partitions: Partition[];
    keyOf: (part: number) => string;
  }[] = [
    {
      lists: job.seasons,
      ids: job.seasonIds,
      partitions: [seasons.all],
      keyOf: () => consensusKey("seasons", "all"),
    },
    {
      lists: job.seasons,
      ids: job.seasonIds,
      partitions: [seasons.eras],
      // eras are SEASON_SLICES after "all", in the same order as model/slices.ts's ERAS
      keyOf: (era) => consensusKey("seasons", SEASON_SLICES[era + 1]!.id),
    },
    {
      lists: job.castaways,
      ids: job.castawayIds,
      partitions: [castaways.overall],
      keyOf: () => consensusKey("castaways", "all"),
    },
  ];
  for (const chunk of seasonSliceChunks(castaways.bySeason, job.castaways)) {
    plan.push({
      lists: job.castaways,
      ids: job.castawayIds,
      partitions: [chunk.partition],
      keyOf: (part) => consensusKey("castaways", `season-${job.seasonNumbers[chunk.first + part]!}`),
    });
  }

  for (const step of plan) {
    for (const partition of step.partitions) {
      const built = buildBallots(step.lists, partition, buffers);
      for (let part = 0; part < partition.partCount; part++) {
        const slice = built[part];
        const key = step.keyOf(part);
        const empty = !slice || slice.itemCount === 0 || slice.ballots.weights.length === 0;
        const fingerprint = empty ? `empty:${minBallots}` : sliceFingerprint(slice, step.ids, minBallots);
        if (job.known?.[key] === fingerprint) slices.push({ key, fingerprint, slice: null });
        else if (empty) slices.push({ key, fingerprint, slice: EMPTY_SLICE(minBallots) });
        else {
          const result = fitConsensus({ ...slice, minBallots });
          slices.push({
            key,
            fingerprint,
            slice: stored(result, slice.catalogueItems, step.ids, minBallots),
          });
        }
      }
    }
  }

  const categories = job.categories.map((cat) => {
    const key = globalRangesKey(cat.categoryId);
    const fingerprint = categoryFingerprint(cat, GLOBAL_SLOTS);
    if (job.known?.[key] === fingerprint) return { key, fingerprint, ranges: null };
    const ranges =
      cat.slots.length === 0
        ? []
        : pointsRankRanges({
            itemCount: cat.castawayIds.length,
            slots: cat.slots,
            slotsPerSubmission: GLOBAL_SLOTS,
            nameOrder: cat.nameOrder,
          }).map((r) => ({ id: cat.castawayIds[r.item]!, rank: r.rank, low: r.low, high: r.high }));
    return { key, fingerprint, ranges: { ranges } };
  });
  return { slices, categories };
}
