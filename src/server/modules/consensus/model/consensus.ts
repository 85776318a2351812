import { ballotStats } from "./ballot-stats.ts";
import { checkFitInput } from "./check-input.ts";
import { fitStrengths } from "./plackett-luce.ts";
import type { ConsensusResult, FitInput } from "./types.ts";
import { logStrengthErrors, simulateRankRanges } from "./uncertainty.ts";

export const DEFAULTS = {
  priorStrength: 1,
  level: 0.9,
  rankDraws: 1000,
  seed: 1,
  tolerance: 1e-7,
  maxIterations: 5000,
} as const;

/**
 * The consensus ranking of one slice: Plackett–Luce strengths from the
 * ballots (plackett-luce.ts), their uncertainty and rank ranges
 * (uncertainty.ts), and the descriptive figures (ballot-stats.ts). Pure and
 * synchronous; the same input gives the same output, bit for bit.
 *
 * Items on fewer than minBallots ballots stay in the fit (lists that left
 * them out still beat them) but are not ranked: they are listed in
 * `unranked`, and the ranks and ranges of the others count only ranked items.
 */
export function fitConsensus(input: FitInput): ConsensusResult {
  checkFitInput(input);
  const n = input.itemCount;
  const priorStrength = input.priorStrength ?? DEFAULTS.priorStrength;
  const stats = ballotStats(n, input.ballots);
  const fit = fitStrengths(input, {
    priorStrength,
    tolerance: input.tolerance ?? DEFAULTS.tolerance,
    maxIterations: input.maxIterations ?? DEFAULTS.maxIterations,
  });
  const errors = logStrengthErrors(input, fit.strength, priorStrength);

  const rankedItems: number[] = [];
  const apart: number[] = [];
  for (let i = 0; i < n; i++) (stats.ballots[i]! >= input.minBallots ? rankedItems : apart).push(i);
  const theta = fit.logStrength;
  rankedItems.sort((a, b) => theta[b]! - theta[a]! || a - b);
  apart.sort((a, b) => stats.ballots[b]! - stats.ballots[a]! || a - b);
  const order = Int32Array.from(rankedItems);
  const rank = new Int32Array(n);
  order.forEach((i, j) => (rank[i] = j + 1));

  const ranges = simulateRankRanges(
    n,
    order,
    theta,
    errors,
    input.rankDraws ?? DEFAULTS.rankDraws,
    input.level ?? DEFAULTS.level,
    input.seed ?? DEFAULTS.seed,
  );
  return {
    itemCount: n,
    ballotCount: stats.ballotCount,
    rankingCount: input.ballots.weights.length,
    order,
    unranked: Int32Array.from(apart),
    rank,
    rankLow: ranges.low,
    rankHigh: ranges.high,
    logStrength: theta,
    logStrengthSe: errors,
    ballots: stats.ballots,
    top3Share: stats.top3Share,
    divisiveness: stats.divisiveness,
    iterations: fit.iterations,
    converged: fit.converged,
  };
}

/** The buffers of a result, for postMessage's transfer list. */
export function transferablesOf(result: ConsensusResult): ArrayBuffer[] {
  const arrays = [
    result.order,
    result.unranked,
    result.rank,
    result.rankLow,
    result.rankHigh,
    result.logStrength,
    result.logStrengthSe,
    result.ballots,
    result.top3Share,
    result.divisiveness,
  ];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}
