import type { FitData } from "./types.ts";

/**
 * Plackett–Luce for weighted top-k rankings, fitted by minorisation–
 * maximisation (Hunter 2004, "MM algorithms for generalized Bradley–Terry
 * models", section 5), with a Gamma(α, α) prior on every strength (Caron &
 * Doucet 2012) as α virtual wins against an exposure of α.
 *
 * A ranking of k items chosen from a scope of N items (the slice, or one
 * group of it) is k successive choices: its #1 out of all N, its #2 out of
 * the N - 1 left, and so on. The unlisted items are in every one of those
 * choice sets: a list says its items beat every item it left out. A choice
 * among one item says nothing, so a ranking that lists its whole scope has
 * N - 1 stages.
 *
 * Per iteration the cost is a few passes over the ranked entries, not over
 * the catalogue: every unlisted item of a ranking's scope gets the same
 * exposure (the ranking's total), which is added once per scope.
 */

export interface StrengthFit {
  /** Strengths γ (mean 1 over the slice). */
  strength: Float64Array;
  /** θ = log γ. */
  logStrength: Float64Array;
  iterations: number;
  converged: boolean;
}

export interface StrengthOptions {
  priorStrength: number;
  tolerance: number;
  maxIterations: number;
}

/** Index 0: the whole slice; g + 1: group g. */
export function scopeSizes(data: FitData): Int32Array {
  const groupCount = data.groupCount ?? 0;
  const sizes = new Int32Array(groupCount + 1);
  sizes[0] = data.itemCount;
  if (data.groupOf) for (let i = 0; i < data.itemCount; i++) sizes[data.groupOf[i]! + 1]!++;
  return sizes;
}

/** Total strength of each scope (index as in scopeSizes). */
export function scopeMasses(data: FitData, strength: Float64Array, out: Float64Array): void {
  out.fill(0);
  const groupOf = data.groupOf;
  for (let i = 0; i < data.itemCount; i++) {
    out[0]! += strength[i]!;
    if (groupOf) out[groupOf[i]! + 1]! += strength[i]!;
  }
}

/** Choices that carry information in a ranking of k items from a scope of n. */
export const stagesOf = (k: number, n: number) => (k < n ? k : n - 1);

/** Weighted number of times each item was chosen at a stage with a real choice. */
export function winsOf(data: FitData, sizes: Int32Array): Float64Array {
  const { rankingOffsets, items, weights, scopes } = data.ballots;
  const wins = new Float64Array(data.itemCount);
  for (let r = 0; r < weights.length; r++) {
    const start = rankingOffsets[r]!;
    const stages = stagesOf(rankingOffsets[r + 1]! - start, sizes[scopes[r]! + 1]!);
    for (let t = 0; t < stages; t++) wins[items[start + t]!]! += weights[r]!;
  }
  return wins;
}

/**
 * E_i = Σ over the stages whose choice set holds i of weight / (strength of
 * that choice set). With the wins W_i, the MM step is γ_i ← (α + W_i) / (α + E_i).
 */
export function exposuresOf(
  data: FitData,
  strength: Float64Array,
  sizes: Int32Array,
  masses: Float64Array,
  exposure: Float64Array,
  scratch: Float64Array,
  totals: Float64Array,
): void {
  const { rankingOffsets, items, weights, scopes } = data.ballots;
  exposure.fill(0);
  totals.fill(0);
  scopeMasses(data, strength, masses);
  const rankings = weights.length;
  for (let r = 0; r < rankings; r++) {
    const start = rankingOffsets[r]!;
    const k = rankingOffsets[r + 1]! - start;
    const s = scopes[r]! + 1;
    const n = sizes[s]!;
    const stages = stagesOf(k, n);
    if (stages <= 0) continue;
    // Choice set of stage t = the unlisted items + the listed from t on.
    // Summing the listed from the end avoids subtracting nearly equal numbers.
    let suffix = 0;
    for (let t = k - 1; t >= 0; t--) {
      suffix += strength[items[start + t]!]!;
      scratch[t] = suffix;
    }
    const unlisted = k < n ? Math.max(masses[s]! - suffix, 0) : 0;
    const w = weights[r]!;
    let cumulative = 0;
    for (let t = 0; t < stages; t++) {
      cumulative += w / (unlisted + scratch[t]!);
      scratch[t] = cumulative;
    }
    // An item listed at t is in the first t + 1 choice sets; an unlisted one in all.
    for (let t = 0; t < stages; t++) exposure[items[start + t]!]! += scratch[t]! - cumulative;
    totals[s]! += cumulative;
  }
  addScopeTotals(data, totals, exposure);
}

export function addScopeTotals(data: FitData, totals: Float64Array, into: Float64Array): void {
  const groupOf = data.groupOf;
  for (let i = 0; i < data.itemCount; i++) {
    into[i]! += totals[0]! + (groupOf ? totals[groupOf[i]! + 1]! : 0);
  }
}

/** The log posterior (up to a constant) at the given strengths: MM never lowers it. */
export function logPosterior(data: FitData, strength: Float64Array, priorStrength: number): number {
  const { rankingOffsets, items, weights, scopes } = data.ballots;
  const sizes = scopeSizes(data);
  const masses = new Float64Array(sizes.length);
  scopeMasses(data, strength, masses);
  let total = 0;
  for (let r = 0; r < weights.length; r++) {
    const start = rankingOffsets[r]!;
    const k = rankingOffsets[r + 1]! - start;
    const s = scopes[r]! + 1;
    const stages = stagesOf(k, sizes[s]!);
    let suffix = 0;
    for (let t = 0; t < k; t++) suffix += strength[items[start + t]!]!;
    const unlisted = k < sizes[s]! ? Math.max(masses[s]! - suffix, 0) : 0;
    for (let t = 0; t < stages; t++) {
      const g = strength[items[start + t]!]!;
      total += weights[r]! * (Math.log(g) - Math.log(unlisted + suffix));
      suffix -= g;
    }
  }
  for (let i = 0; i < data.itemCount; i++) {
    total += priorStrength * (Math.log(strength[i]!) - strength[i]!);
  }
  return total;
}

/** The longest ranking, for scratch space. */
export function longestRanking(data: FitData): number {
  const offsets = data.ballots.rankingOffsets;
  let longest = 0;
  for (let r = 0; r + 1 < offsets.length; r++) longest = Math.max(longest, offsets[r + 1]! - offsets[r]!);
  return longest;
}

/**
 * The posterior mode of the strengths. Without a prior, Plackett–Luce fixes
 * strengths only up to a common factor, and not at all for an item never
 * beaten or never chosen; the prior (α > 0) makes the mode unique and finite,
 * gives items nobody ranked a strength, and its scale is the one where the
 * mean strength is 1, set after every step (a step along the scale that
 * raises the posterior, so the iteration stays monotone).
 */
export function fitStrengths(data: FitData, options: StrengthOptions): StrengthFit {
  const n = data.itemCount;
  const alpha = options.priorStrength;
  const sizes = scopeSizes(data);
  const wins = winsOf(data, sizes);
  const masses = new Float64Array(sizes.length);
  const totals = new Float64Array(sizes.length);
  const scratch = new Float64Array(longestRanking(data));
  const exposure = new Float64Array(n);
  const strength = new Float64Array(n).fill(1);
  const logStrength = new Float64Array(n);
  let iterations = 0;
  let converged = n === 0;
  while (!converged && iterations < options.maxIterations) {
    iterations++;
    exposuresOf(data, strength, sizes, masses, exposure, scratch, totals);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      strength[i] = (alpha + wins[i]!) / (alpha + exposure[i]!);
      sum += strength[i]!;
    }
    const scale = n / sum;
    let largestMove = 0;
    for (let i = 0; i < n; i++) {
      strength[i]! *= scale;
      const theta = Math.log(strength[i]!);
      largestMove = Math.max(largestMove, Math.abs(theta - logStrength[i]!));
      logStrength[i] = theta;
    }
    converged = largestMove < options.tolerance;
  }
  return { strength, logStrength, iterations, converged };
}
