import { addScopeTotals, longestRanking, scopeMasses, scopeSizes, stagesOf } from "./plackett-luce.ts";
import { SeededRandom } from "./random.ts";
import type { FitData } from "./types.ts";

/**
 * How sure the consensus is, without refitting: standard errors of the
 * log-strengths from a sandwich estimator clustered by ballot (Huber–White:
 * H⁻¹ J H⁻¹, H the curvature of the log posterior, J the sum over ballots of
 * the square of each ballot's score). It is what a bootstrap over ballots
 * estimates, at the cost of one pass instead of hundreds of refits, and it
 * does not assume members agree as closely as the model says: the spread
 * between real members' scores is measured, so fans who disagree widen the
 * ranges. Only the diagonals of H and J are used; with the strengths' common
 * scale fixed by the prior this slightly overstates the uncertainty of rank
 * differences (by a factor about n / (n - 1) for n comparable items).
 *
 * Then ranks are simulated: log-strengths drawn from normals around the fit,
 * ranked, and each item's rank range is the central `level` of its simulated
 * ranks.
 */
export function logStrengthErrors(
  data: FitData,
  strength: Float64Array,
  priorStrength: number,
): Float64Array {
  const n = data.itemCount;
  const { ballotOffsets, rankingOffsets, items, weights, scopes } = data.ballots;
  const groupOf = data.groupOf ?? null;
  const groupCount = data.groupCount ?? 0;
  const sizes = scopeSizes(data);
  const masses = new Float64Array(sizes.length);
  scopeMasses(data, strength, masses);
  const longest = longestRanking(data);
  const first = new Float64Array(longest);
  const second = new Float64Array(longest);

  // Curvature: Σ over choice sets holding i of w (p - p²), p = γ_i / D.
  const exposure = new Float64Array(n);
  const exposureSquared = new Float64Array(n);
  const totals = new Float64Array(sizes.length);
  const totalsSquared = new Float64Array(sizes.length);
  // Scores: ballot b's score for item i is y_bi - γ_i K_b(scope of i).
  const scoreSquares = new Float64Array(n);
  const y = new Float64Array(n);
  const touched = new Int32Array(n);
  const mark = new Int32Array(n).fill(-1);
  const perGroup = new Float64Array(groupCount);
  const touchedGroups = new Int32Array(groupCount);
  const groupMark = new Int32Array(groupCount).fill(-1);
  let squaresAll = 0;
  const squaresGroup = new Float64Array(groupCount);

  const ballotCount = ballotOffsets.length - 1;
  for (let b = 0; b < ballotCount; b++) {
    let touchedCount = 0;
    let touchedGroupCount = 0;
    let perAll = 0;
    for (let r = ballotOffsets[b]!; r < ballotOffsets[b + 1]!; r++) {
      const start = rankingOffsets[r]!;
      const k = rankingOffsets[r + 1]! - start;
      const s = scopes[r]! + 1;
      const size = sizes[s]!;
      const stages = stagesOf(k, size);
      for (let t = 0; t < k; t++) {
        const i = items[start + t]!;
        if (mark[i] !== b) {
          mark[i] = b;
          y[i] = 0;
          touched[touchedCount++] = i;
        }
      }
      if (stages <= 0) continue;
      let suffix = 0;
      for (let t = k - 1; t >= 0; t--) {
        suffix += strength[items[start + t]!]!;
        first[t] = suffix;
      }
      const unlisted = k < size ? Math.max(masses[s]! - suffix, 0) : 0;
      let sum1 = 0;
      let sum2 = 0;
      for (let t = 0; t < stages; t++) {
        const inverse = 1 / (unlisted + first[t]!);
        sum1 += inverse;
        sum2 += inverse * inverse;
        first[t] = sum1;
        second[t] = sum2;
      }
      const w = weights[r]!;
      for (let t = 0; t < stages; t++) {
        const i = items[start + t]!;
        exposure[i]! += w * (first[t]! - sum1);
        exposureSquared[i]! += w * (second[t]! - sum2);
        y[i]! += w * (1 - strength[i]! * (first[t]! - sum1));
      }
      totals[s]! += w * sum1;
      totalsSquared[s]! += w * sum2;
      if (s === 0) {
        perAll += w * sum1;
      } else {
        const g = s - 1;
        if (groupMark[g] !== b) {
          groupMark[g] = b;
          perGroup[g] = 0;
          touchedGroups[touchedGroupCount++] = g;
        }
        perGroup[g]! += w * sum1;
      }
    }
    for (let q = 0; q < touchedCount; q++) {
      const i = touched[q]!;
      const k = perAll + (groupOf && groupMark[groupOf[i]!] === b ? perGroup[groupOf[i]!]! : 0);
      scoreSquares[i]! += y[i]! * (y[i]! - 2 * strength[i]! * k);
    }
    squaresAll += perAll * perAll;
    for (let q = 0; q < touchedGroupCount; q++) {
      const g = touchedGroups[q]!;
      squaresGroup[g]! += perGroup[g]! * (2 * perAll + perGroup[g]!);
    }
  }
  addScopeTotals(data, totals, exposure);
  addScopeTotals(data, totalsSquared, exposureSquared);

  const errors = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const g = strength[i]!;
    const curvature = g * exposure[i]! - g * g * exposureSquared[i]! + priorStrength * g;
    const unlistedSquares = squaresAll + (groupOf ? squaresGroup[groupOf[i]!]! : 0);
    const scoreVariance = Math.max(scoreSquares[i]! + g * g * unlistedSquares, 0);
    errors[i] = Math.sqrt(scoreVariance) / curvature;
  }
  return errors;
}

export interface RankRanges {
  /** Per item; 0 for items not in `order`. */
  low: Int32Array;
  high: Int32Array;
}

/**
 * Rank ranges of the items in `order` (the ranked items, best first) from
 * `draws` simulated rankings. A range always holds the item's consensus
 * rank (its place in `order`).
 */
export function simulateRankRanges(
  itemCount: number,
  order: Int32Array,
  logStrength: Float64Array,
  errors: Float64Array,
  draws: number,
  level: number,
  seed: number,
): RankRanges {
  const ranked = order.length;
  const low = new Int32Array(itemCount);
  const high = new Int32Array(itemCount);
  if (ranked === 0) return { low, high };
  const random = new SeededRandom(seed);
  // counts[j * ranked + (rank - 1)]: how often the j-th item of `order` drew that rank.
  const counts = new Int32Array(ranked * ranked);
  const keys = new Float64Array(ranked);
  const sorted = new Float64Array(ranked);
  for (let d = 0; d < draws; d++) {
    for (let j = 0; j < ranked; j++) {
      const i = order[j]!;
      keys[j] = logStrength[i]! + errors[i]! * random.normal();
    }
    sorted.set(keys);
    sorted.sort();
    for (let j = 0; j < ranked; j++) {
      const better = ranked - upperBound(sorted, keys[j]!);
      counts[j * ranked + better]!++;
    }
  }
  const tail = ((1 - level) / 2) * draws;
  for (let j = 0; j < ranked; j++) {
    let cumulative = 0;
    let lo = 0;
    let hi = 0;
    for (let rank = 1; rank <= ranked && hi === 0; rank++) {
      cumulative += counts[j * ranked + rank - 1]!;
      if (lo === 0 && cumulative > tail) lo = rank;
      if (cumulative >= draws - tail) hi = rank;
    }
    const i = order[j]!;
    low[i] = Math.min(lo || j + 1, j + 1);
    high[i] = Math.max(hi || ranked, j + 1);
  }
  return { low, high };
}

/** The number of values in ascending `sorted` that are at most x. */
function upperBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
