import type { Partition, RankedLists } from "./types.ts";

/**
 * The slices Community Consensus shows, as partitions of a catalogue (see
 * buildBallots). Each slice is fitted on its own: a list restricted to a
 * slice keeps the slice's items in its order, and under Plackett–Luce the
 * order of any subset of items follows the same model with the same
 * strengths, so the slices are consistent with one another and each fit is
 * small.
 */

/** Eras of the show: seasons 1–20, 21–40, 41 and later. */
export const ERAS = [
  { first: 1, last: 20 },
  { first: 21, last: 40 },
  { first: 41, last: Number.POSITIVE_INFINITY },
] as const;

export function eraOf(seasonNumber: number): number {
  return ERAS.findIndex((e) => seasonNumber >= e.first && seasonNumber <= e.last);
}

/**
 * Seasons: `all` (one slice, grouped by era: a list of new-era seasons only
 * is a ranking of that era) and `eras` (one slice per era).
 * seasonNumbers[c] is the season number of catalogue season c.
 */
export function seasonPartitions(seasonNumbers: ArrayLike<number>): { all: Partition; eras: Partition } {
  const n = seasonNumbers.length;
  const era = Int32Array.from({ length: n }, (_, c) => eraOf(seasonNumbers[c]!));
  if (era.some((e) => e < 0)) throw new RangeError("season numbers start at 1");
  return {
    all: { partCount: 1, partOf: new Int32Array(n), groupOf: era },
    eras: { partCount: ERAS.length, partOf: era },
  };
}

/**
 * Castaway appearances: `overall` (one slice, grouped by season: a ranking
 * of one season's cast is about that season) and `bySeason` (one slice per
 * season). seasonOf[c] is the season (0 .. seasonCount - 1) of appearance c.
 */
export function castawayPartitions(
  seasonOf: Int32Array,
  seasonCount: number,
): { overall: Partition; bySeason: Partition } {
  for (let c = 0; c < seasonOf.length; c++) {
    if (seasonOf[c]! < 0 || seasonOf[c]! >= seasonCount) throw new RangeError(`castaway ${c} has no season`);
  }
  return {
    overall: { partCount: 1, partOf: new Int32Array(seasonOf.length), groupOf: seasonOf },
    bySeason: { partCount: seasonCount, partOf: seasonOf },
  };
}

/**
 * A partition cut into partitions of consecutive parts, to build and fit in
 * turn: a list spread across 50 seasons becomes up to 50 rankings, so the
 * ballots of all 50 season slices at once hold several times more rankings
 * than there are lists. Each chunk holds as many parts as keep the lists
 * reaching them (the rankings its ballots start from) within `maxRankings`;
 * a part that alone exceeds it is a chunk of its own. A chunk's parts are
 * renumbered from 0; `first` is its first part in the whole.
 */
export function chunkPartition(
  partition: Partition,
  lists: Pick<RankedLists, "offsets" | "items">,
  maxRankings: number,
): { first: number; partition: Partition }[] {
  const reaching = listsReachingParts(partition, lists);
  const chunks: { first: number; partition: Partition }[] = [];
  let first = 0;
  while (first < partition.partCount) {
    let end = first + 1;
    let rankings = reaching[first]!;
    while (end < partition.partCount && rankings + reaching[end]! <= maxRankings)
      rankings += reaching[end++]!;
    const partOf = partition.partOf.map((p) => (p >= first && p < end ? p - first : -1));
    chunks.push({ first, partition: { partCount: end - first, partOf, groupOf: partition.groupOf } });
    first = end;
  }
  return chunks;
}

/** For each part, how many lists hold at least one of its items. */
function listsReachingParts(partition: Partition, lists: Pick<RankedLists, "offsets" | "items">): Int32Array {
  const { offsets, items } = lists;
  const reaching = new Int32Array(partition.partCount);
  const stamp = new Int32Array(partition.partCount).fill(-1);
  for (let l = 0; l + 1 < offsets.length; l++) {
    for (let e = offsets[l]!; e < offsets[l + 1]!; e++) {
      const p = partition.partOf[items[e]!]!;
      if (p >= 0 && stamp[p] !== l) {
        stamp[p] = l;
        reaching[p]!++;
      }
    }
  }
  return reaching;
}
