import { SeededRandom } from "./random.ts";
import type { IndexArray } from "./types.ts";

/**
 * How sure is the Global Rankings top 10? Its order is total points (10 for a
 * first place down to 1 for a tenth), then first-place votes, then name. A
 * bootstrap over submissions (draw as many submissions as there are, with
 * replacement, and order again) shows how far each of the top 10 could move
 * had other fans happened to vote.
 *
 * With many submissions the bootstrap draws blocks of submissions instead
 * (submission s in block s mod B, each block summed once): a replicate is
 * the sum of B blocks drawn with replacement. Its totals have the mean and,
 * but for a factor 1 - 1/B, the covariance of the plain bootstrap's, and
 * with hundreds of terms its near-normal shape, at a cost that no longer
 * grows with the number of submissions. B = blocksFor(submissions, items):
 * 2,000 for a season's cast, fewer for a long catalogue (a block's sums are
 * as long as the items it touches), never more than the submissions: below
 * that it is the plain bootstrap.
 */
export function blocksFor(submissions: number, itemCount: number): number {
  return Math.min(submissions, 2000, Math.max(250, Math.floor(250_000 / Math.max(itemCount, 1))));
}

export interface PointsInput {
  itemCount: number;
  /**
   * Submission s holds slots[s * slotsPerSubmission + j] at place j + 1: an
   * item index, or -1 for an empty slot.
   */
  slots: IndexArray;
  /** Default 10; place j + 1 scores slotsPerSubmission - j points. */
  slotsPerSubmission?: number;
  /** item → its position in name order: the last tie-break, as on the page. */
  nameOrder: Int32Array;
  /** How many of the top to give ranges for: default 10. */
  top?: number;
  /** Bootstrap replicates: default 1000. */
  replicates?: number;
  /** Default 0.9. */
  level?: number;
  /** Default 1. */
  seed?: number;
  /** Blocks the bootstrap draws: default blocksFor(submissions, itemCount); Infinity for the plain bootstrap. */
  blocks?: number;
}

export interface PointsRankRange {
  item: number;
  /** Its place in the observed order, 1 = first. */
  rank: number;
  /** The central `level` of its bootstrap ranks, always holding `rank`. */
  low: number;
  high: number;
  totalScore: number;
  firstPlaceVotes: number;
}

export function pointsRankRanges(input: PointsInput): PointsRankRange[] {
  const n = input.itemCount;
  const per = input.slotsPerSubmission ?? 10;
  const { slots, nameOrder } = input;
  const replicates = input.replicates ?? 1000;
  const level = input.level ?? 0.9;
  if (slots.length % per !== 0) throw new RangeError("slots must hold whole submissions");
  if (nameOrder.length !== n) throw new RangeError("nameOrder must have one entry per item");
  for (let e = 0; e < slots.length; e++) {
    if (slots[e]! < -1 || slots[e]! >= n)
      throw new RangeError(`slot ${e} holds ${slots[e]}, not an item or -1`);
  }
  const submissions = slots.length / per;

  const totals = new Float64Array(n);
  const firsts = new Float64Array(n);
  score(slots, per, totals, firsts);
  const topItems = orderOf(totals, firsts, nameOrder)
    .filter((i) => totals[i]! > 0)
    .slice(0, input.top ?? 10);
  const k = topItems.length;
  if (k === 0 || submissions === 0) return [];

  const blocks = blocksOf(slots, per, n, Math.min(submissions, input.blocks ?? blocksFor(submissions, n)));
  const blockCount = blocks.offsets.length - 1;
  const random = new SeededRandom(input.seed ?? 1);
  const counts = new Int32Array(k * n);
  // Points and first places in one number, points * FIRSTS + first places,
  // which orders as the page does (first places never reach FIRSTS), with
  // one addition per entry.
  const firstsBase = 2 ** Math.ceil(Math.log2(submissions + 1));
  const blockKeys = new Float64Array(blocks.points.length);
  for (let e = 0; e < blockKeys.length; e++)
    blockKeys[e] = blocks.points[e]! * firstsBase + blocks.firsts[e]!;
  const draw = new Float64Array(n);
  for (let rep = 0; rep < replicates; rep++) {
    draw.fill(0);
    for (let j = 0; j < blockCount; j++) {
      const g = random.below(blockCount);
      for (let e = blocks.offsets[g]!; e < blocks.offsets[g + 1]!; e++)
        draw[blocks.items[e]!]! += blockKeys[e]!;
    }
    for (let q = 0; q < k; q++) {
      const i = topItems[q]!;
      const key = draw[i]!;
      const name = nameOrder[i]!;
      let better = 0;
      for (let l = 0; l < n; l++) if (draw[l]! > key || (draw[l] === key && nameOrder[l]! < name)) better++;
      counts[q * n + better]!++;
    }
  }

  const tail = ((1 - level) / 2) * replicates;
  return topItems.map((item, q) => {
    let cumulative = 0;
    let low = 0;
    let high = 0;
    for (let rank = 1; rank <= n && high === 0; rank++) {
      cumulative += counts[q * n + rank - 1]!;
      if (low === 0 && cumulative > tail) low = rank;
      if (cumulative >= replicates - tail) high = rank;
    }
    return {
      item,
      rank: q + 1,
      low: Math.min(low || q + 1, q + 1),
      high: Math.max(high || n, q + 1),
      totalScore: totals[item]!,
      firstPlaceVotes: firsts[item]!,
    };
  });
}

/** Totals and first places of all submissions. */
function score(slots: IndexArray, per: number, totals: Float64Array, firsts: Float64Array): void {
  for (let base = 0; base < slots.length; base += per) {
    if (slots[base]! >= 0) firsts[slots[base]!]!++;
    for (let place = 0; place < per; place++) {
      const item = slots[base + place]!;
      if (item >= 0) totals[item]! += per - place;
    }
  }
}

/** The submissions summed per block (s in block s mod count), as sparse rows. */
function blocksOf(slots: IndexArray, per: number, n: number, count: number) {
  const submissions = slots.length / per;
  const totals = new Float64Array(n);
  const firsts = new Float64Array(n);
  const mark = new Int32Array(n).fill(-1);
  const touched = new Int32Array(n);
  const capacity = Math.min(slots.length, count * n);
  const items = new Int32Array(capacity);
  const points = new Float64Array(capacity);
  const firstVotes = new Float64Array(capacity);
  const offsets = new Int32Array(count + 1);
  let used = 0;
  for (let g = 0; g < count; g++) {
    let touchedCount = 0;
    for (let s = g; s < submissions; s += count) {
      for (let place = 0; place < per; place++) {
        const item = slots[s * per + place]!;
        if (item < 0) continue;
        if (mark[item] !== g) {
          mark[item] = g;
          totals[item] = 0;
          firsts[item] = 0;
          touched[touchedCount++] = item;
        }
        totals[item]! += per - place;
        if (place === 0) firsts[item]!++;
      }
    }
    for (let q = 0; q < touchedCount; q++) {
      const item = touched[q]!;
      items[used] = item;
      points[used] = totals[item]!;
      firstVotes[used++] = firsts[item]!;
    }
    offsets[g + 1] = used;
  }
  return { offsets, items, points, firsts: firstVotes };
}

/** Items in the page's order: points, then first places, then name. */
function orderOf(totals: Float64Array, firsts: Float64Array, nameOrder: Int32Array): number[] {
  return Array.from({ length: totals.length }, (_, i) => i).sort(
    (a, b) => totals[b]! - totals[a]! || firsts[b]! - firsts[a]! || nameOrder[a]! - nameOrder[b]!,
  );
}
