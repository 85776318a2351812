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
 * Returns Σ_r w_r Σ_stages log(strength of the choice set), for the log posterior.
 */
export function exposuresOf(
  data: FitData,
  strength: Float64Array,
  sizes: Int32Array,
  masses: Float64Array,
  exposure: Float64Array,
  totals: Float64Array,
): number {
  const { rankingOffsets, items, weights, scopes } = data.ballots;
  exposure.fill(0);
  totals.fill(0);
  scopeMasses(data, strength, masses);
  const rankings = weights.length;
  let logDenominators = 0;
  for (let r = 0; r < rankings; r++) {
    const start = rankingOffsets[r]!;
    const k = rankingOffsets[r + 1]! - start;
    const s = scopes[r]! + 1;
    const n = sizes[s]!;
    const stages = stagesOf(k, n);
    if (stages <= 0) continue;
    let listed = 0;
    for (let t = 0; t < k; t++) listed += strength[items[start + t]!]!;
    const unlisted = k < n ? Math.max(masses[s]! - listed, 0) : 0;
    // Choice set of stage t = the unlisted items + the listed from t on, summed
    // from the end (no subtraction of nearly equal numbers). An item listed at
    // t is in the first t + 1 choice sets, an unlisted one in all: relative to
    // the unlisted, it misses the stages after t.
    const w = weights[r]!;
    let suffix = 0;
    for (let t = k - 1; t >= stages; t--) suffix += strength[items[start + t]!]!;
    let after = 0;
    let product = 1;
    for (let t = stages - 1; t >= 0; t--) {
      const i = items[start + t]!;
      suffix += strength[i]!;
      const denominator = unlisted + suffix;
      exposure[i]! -= after;
      after += w / denominator;
      product *= denominator;
      if ((t & 15) === 0) {
        logDenominators += w * Math.log(product);
        product = 1;
      }
    }
    totals[s]! += after;
  }
  addScopeTotals(data, totals, exposure);
  return logDenominators;
}

export function addScopeTotals(data: FitData, totals: Float64Array, into: Float64Array): void {
  const groupOf = data.groupOf;
  for (let i = 0; i < data.itemCount; i++) {
    into[i]! += totals[0]! + (groupOf ? totals[groupOf[i]! + 1]! : 0);
  }
}

/** The log posterior (up to a constant) at the given strengths: MM never lowers it. */
export function logPosterior(data: FitData, strength: Float64Array, priorStrength: number): number {
  const sizes = scopeSizes(data);
  const scratch = {
    masses: new Float64Array(sizes.length),
    totals: new Float64Array(sizes.length),
    exposure: new Float64Array(data.itemCount),
  };
  const logDenominators = exposuresOf(
    data,
    strength,
    sizes,
    scratch.masses,
    scratch.exposure,
    scratch.totals,
  );
  return objective(winsOf(data, sizes), strength, priorStrength, logDenominators);
}

function objective(
  wins: Float64Array,
  strength: Float64Array,
  alpha: number,
  logDenominators: number,
): number {
  let total = -logDenominators;
  for (let i = 0; i < wins.length; i++) {
    total += (alpha + wins[i]!) * Math.log(strength[i]!) - alpha * strength[i]!;
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
 *
 * MM converges linearly, slowly where one item dominates its choice sets (a
 * season's cast ranked in full). SQUAREM (Varadhan & Roland 2008, scheme S3)
 * extrapolates along two MM steps and keeps the result only when the log
 * posterior did not fall, so the sequence stays monotone; it takes about a
 * third of the passes over the ballots.
 */
export function fitStrengths(data: FitData, options: StrengthOptions): StrengthFit {
  const n = data.itemCount;
  const alpha = options.priorStrength;
  const sizes = scopeSizes(data);
  const wins = winsOf(data, sizes);
  const masses = new Float64Array(sizes.length);
  const totals = new Float64Array(sizes.length);
  const exposure = new Float64Array(n);
  const strength = new Float64Array(n);
  let passes = 0;

  /** One MM step from theta into out; returns the log posterior at theta. */
  const step = (theta: Float64Array, out: Float64Array): number => {
    passes++;
    for (let i = 0; i < n; i++) strength[i] = Math.exp(theta[i]!);
    const logDenominators = exposuresOf(data, strength, sizes, masses, exposure, totals);
    const before = objective(wins, strength, alpha, logDenominators);
    for (let i = 0; i < n; i++) out[i] = Math.log((alpha + wins[i]!) / (alpha + exposure[i]!));
    normaliseScale(out);
    return before;
  };

  let theta = new Float64Array(n);
  let next1 = new Float64Array(n);
  let next2 = new Float64Array(n);
  const jump = new Float64Array(n);
  let next3 = new Float64Array(n);
  let longestStep = 1;
  let converged = n === 0;
  while (!converged && passes < options.maxIterations) {
    const start = step(theta, next1);
    if (largestDifference(theta, next1) < options.tolerance) {
      [theta, next1] = [next1, theta];
      converged = true;
      break;
    }
    step(next1, next2);
    let rr = 0;
    let vv = 0;
    for (let i = 0; i < n; i++) {
      const r = next1[i]! - theta[i]!;
      const v = next2[i]! - 2 * next1[i]! + theta[i]!;
      rr += r * r;
      vv += v * v;
    }
    // The step length S3 asks for, within a bound that grows while the steps
    // it allows are accepted and shrinks after a rejected one.
    const wanted = vv > 0 ? -Math.sqrt(rr / vv) : -1;
    const a = Math.max(Math.min(wanted, -1), -longestStep);
    for (let i = 0; i < n; i++) {
      const r = next1[i]! - theta[i]!;
      const v = next2[i]! - 2 * next1[i]! + theta[i]!;
      jump[i] = theta[i]! - 2 * a * r + a * a * v;
    }
    normaliseScale(jump);
    const atJump = a < -1 ? step(jump, next3) : Number.NEGATIVE_INFINITY;
    if (atJump >= start) {
      [theta, next3] = [next3, theta];
    } else {
      [theta, next2] = [next2, theta];
    }
    if (a < -1 && atJump < start) longestStep = Math.max(1, longestStep / 4);
    else if (a === -longestStep && wanted < a) longestStep *= 4;
  }
  for (let i = 0; i < n; i++) strength[i] = Math.exp(theta[i]!);
  return { strength, logStrength: theta, iterations: passes, converged };
}

/** Shift log-strengths so the mean strength is 1 (the prior's best scale). */
function normaliseScale(theta: Float64Array): void {
  const n = theta.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += Math.exp(theta[i]!);
  const shift = Math.log(n / sum);
  for (let i = 0; i < n; i++) theta[i]! += shift;
}

function largestDifference(a: Float64Array, b: Float64Array): number {
  let largest = 0;
  for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs(a[i]! - b[i]!));
  return largest;
}
