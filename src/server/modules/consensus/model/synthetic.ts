import { SeededRandom } from "./random.ts";
import type { RankedLists } from "./types.ts";

/**
 * Synthetic lists drawn from a known Plackett–Luce model, for the tests and
 * the benchmark: the truth is known, so recovery can be measured.
 */

/**
 * A Plackett–Luce top-k of the items in `pool` (or of all items): the k
 * largest of log-strength + Gumbel noise are distributed exactly as k
 * successive choices in proportion to strength.
 */
export function sampleTopK(
  logStrength: Float64Array,
  k: number,
  random: SeededRandom,
  pool?: Int32Array,
  out: Int32Array = new Int32Array(k),
): Int32Array {
  const size = pool ? pool.length : logStrength.length;
  const keys = new Float64Array(size);
  const order = new Int32Array(size);
  for (let j = 0; j < size; j++) {
    keys[j] = logStrength[pool ? pool[j]! : j]! + random.gumbel();
    order[j] = j;
  }
  order.sort((a, b) => keys[b]! - keys[a]!);
  for (let t = 0; t < k; t++) out[t] = pool ? pool[order[t]!]! : order[t]!;
  return out;
}

/**
 * Fast Plackett–Luce top-k for a large catalogue and a short list: draw from
 * the strengths (Walker's alias table) and redraw an item already taken,
 * which is the same as choosing among the items left.
 */
export class AliasSampler {
  private readonly probability: Float64Array;
  private readonly alias: Int32Array;
  private readonly taken: Int32Array;
  private stamp = 0;

  constructor(strength: Float64Array) {
    const n = strength.length;
    this.probability = new Float64Array(n);
    this.alias = new Int32Array(n);
    this.taken = new Int32Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += strength[i]!;
    const scaled = new Float64Array(n);
    const small: number[] = [];
    const large: number[] = [];
    for (let i = 0; i < n; i++) {
      scaled[i] = (strength[i]! * n) / sum;
      (scaled[i]! < 1 ? small : large).push(i);
    }
    while (small.length && large.length) {
      const s = small.pop()!;
      const l = large.pop()!;
      this.probability[s] = scaled[s]!;
      this.alias[s] = l;
      scaled[l] = scaled[l]! + scaled[s]! - 1;
      (scaled[l]! < 1 ? small : large).push(l);
    }
    for (const i of [...small, ...large]) this.probability[i] = 1;
  }

  /** k distinct items; k must be well below the catalogue's size. */
  topK(k: number, random: SeededRandom, out: Int32Array, offset = 0): void {
    const n = this.probability.length;
    this.stamp++;
    for (let t = 0; t < k;) {
      const u = random.next() * n;
      const column = Math.floor(u);
      const item = u - column < this.probability[column]! ? column : this.alias[column]!;
      if (this.taken[item] === this.stamp) continue;
      this.taken[item] = this.stamp;
      out[offset + t++] = item;
    }
  }
}

/** Log-strengths for n items: evenly spaced normal quantiles with the given spread, best first. */
export function spreadStrengths(n: number, spread: number): Float64Array {
  const theta = new Float64Array(n);
  for (let i = 0; i < n; i++) theta[i] = spread * normalQuantile(1 - (i + 0.5) / n);
  return theta;
}

export interface PlackettLuceListsOptions {
  logStrength: Float64Array;
  lists: number;
  minLength: number;
  maxLength: number;
  seed: number;
}

/** Lists of uniformly drawn lengths, each by its own member (member l made list l). */
export function plackettLuceLists(options: PlackettLuceListsOptions): RankedLists {
  const random = new SeededRandom(options.seed);
  const { lists, minLength, maxLength } = options;
  const offsets = new Int32Array(lists + 1);
  const lengths = new Int32Array(lists);
  for (let l = 0; l < lists; l++) {
    lengths[l] = minLength + random.below(maxLength - minLength + 1);
    offsets[l + 1] = offsets[l]! + lengths[l]!;
  }
  const items = new Int32Array(offsets[lists]!);
  for (let l = 0; l < lists; l++) {
    sampleTopK(
      options.logStrength,
      lengths[l]!,
      random,
      undefined,
      items.subarray(offsets[l]!, offsets[l + 1]!),
    );
  }
  const member = new Int32Array(lists);
  for (let l = 0; l < lists; l++) member[l] = l;
  return { memberCount: lists, member, offsets, items };
}

/** Joins list sets (members of later sets are renumbered after the earlier ones'). */
export function concatLists(...parts: RankedLists[]): RankedLists {
  let listCount = 0;
  let entryCount = 0;
  for (const p of parts) {
    listCount += p.member.length;
    entryCount += p.items.length;
  }
  const member = new Int32Array(listCount);
  const offsets = new Int32Array(listCount + 1);
  const items = new Int32Array(entryCount);
  let l = 0;
  let e = 0;
  let memberBase = 0;
  for (const p of parts) {
    for (let q = 0; q < p.member.length; q++) {
      member[l] = memberBase + p.member[q]!;
      offsets[l + 1] = e + p.offsets[q + 1]!;
      l++;
    }
    items.set(p.items, e);
    e += p.items.length;
    memberBase += p.memberCount;
  }
  return { memberCount: memberBase, member, offsets, items };
}

/** Lists given as arrays (tests). */
export function listsOf(
  memberCount: number,
  lists: readonly (readonly [member: number, items: readonly number[]])[],
) {
  const offsets = new Int32Array(lists.length + 1);
  lists.forEach(([, entries], l) => (offsets[l + 1] = offsets[l]! + entries.length));
  return {
    memberCount,
    member: Int32Array.from(lists, ([m]) => m),
    offsets,
    items: Int32Array.from(lists.flatMap(([, entries]) => entries)),
  } satisfies RankedLists;
}

/** Acklam's rational approximation of the standard normal quantile (relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.928510446969, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1)
    );
  }
  if (p > 1 - low) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}
