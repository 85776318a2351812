import type { Ballots } from "./types.ts";

/** How many ballots place an item in their top 3 counts as support at the top. */
export const TOP_PLACES = 3;

export interface BallotStats {
  ballotCount: number;
  /** Ballots with the item in at least one of their rankings. */
  ballots: Int32Array;
  /** Share of all ballots with the item in their top 3; a ballot counts by the weight of those rankings. */
  top3Share: Float64Array;
  /** See ConsensusResult.divisiveness. */
  divisiveness: Float64Array;
}

/**
 * Descriptive figures beside the model's ranking, per slice (a ranking's
 * places are its places among the slice's items).
 *
 * Divisiveness is the spread of where ballots put an item. A place is
 * relative to the list's length, (t - 1) / (k - 1) for place t of k, so the
 * last of 3 and the last of 50 both read 1 and lists of any length compare;
 * a member's place for the item is the weighted mean over their rankings
 * holding it (one member, one voice); divisiveness is twice the standard
 * deviation of those places across ballots: 0 when every ballot puts the
 * item at the same relative height, about 0.6 when its places are spread
 * evenly (no agreement), 1 when half put it first and half last.
 * A ranking of one item has no relative place and is left out of it.
 */
export function ballotStats(itemCount: number, ballots: Ballots): BallotStats {
  const { ballotOffsets, rankingOffsets, items, weights } = ballots;
  const ballotCount = ballotOffsets.length - 1;
  const onBallots = new Int32Array(itemCount);
  const top = new Float64Array(itemCount);
  const placedBallots = new Int32Array(itemCount);
  const placeSum = new Float64Array(itemCount);
  const placeSquares = new Float64Array(itemCount);

  const mark = new Int32Array(itemCount).fill(-1);
  const touched = new Int32Array(itemCount);
  const weightPlaced = new Float64Array(itemCount);
  const weightedPlace = new Float64Array(itemCount);
  for (let b = 0; b < ballotCount; b++) {
    let touchedCount = 0;
    for (let r = ballotOffsets[b]!; r < ballotOffsets[b + 1]!; r++) {
      const start = rankingOffsets[r]!;
      const k = rankingOffsets[r + 1]! - start;
      const w = weights[r]!;
      for (let t = 0; t < k; t++) {
        const i = items[start + t]!;
        if (mark[i] !== b) {
          mark[i] = b;
          touched[touchedCount++] = i;
          onBallots[i]!++;
          weightPlaced[i] = 0;
          weightedPlace[i] = 0;
        }
        if (t < TOP_PLACES) top[i]! += w;
        if (k > 1) {
          weightPlaced[i]! += w;
          weightedPlace[i]! += (w * t) / (k - 1);
        }
      }
    }
    for (let q = 0; q < touchedCount; q++) {
      const i = touched[q]!;
      if (weightPlaced[i]! === 0) continue;
      const place = weightedPlace[i]! / weightPlaced[i]!;
      placedBallots[i]!++;
      placeSum[i]! += place;
      placeSquares[i]! += place * place;
    }
  }

  const top3Share = new Float64Array(itemCount);
  const divisiveness = new Float64Array(itemCount);
  for (let i = 0; i < itemCount; i++) {
    top3Share[i] = ballotCount > 0 ? top[i]! / ballotCount : 0;
    const m = placedBallots[i]!;
    if (m < 2) {
      divisiveness[i] = Number.NaN;
      continue;
    }
    const mean = placeSum[i]! / m;
    divisiveness[i] = 2 * Math.sqrt(Math.max(placeSquares[i]! / m - mean * mean, 0));
  }
  return { ballotCount, ballots: onBallots, top3Share, divisiveness };
}
