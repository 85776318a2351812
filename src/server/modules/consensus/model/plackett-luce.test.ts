import { describe, expect, it } from "vitest";
import { buildBallots, singleSlice } from "./ballots.ts";
import { fitStrengths, logPosterior } from "./plackett-luce.ts";
import { SeededRandom } from "./random.ts";
import { concatLists, listsOf, plackettLuceLists, spreadStrengths } from "./synthetic.ts";
import type { FitData } from "./types.ts";

const OPTIONS = { priorStrength: 1, tolerance: 1e-10, maxIterations: 10_000 };
const everything = (n: number) =>
  singleSlice(
    n,
    Array.from({ length: n }, (_, i) => i),
  );

/**
 * The log posterior written out the slow way: every stage's choice set
 * listed item by item. The fast pass must agree with it.
 */
function bruteForce(data: FitData, strength: Float64Array, alpha: number): number {
  const { rankingOffsets, items, weights, scopes } = data.ballots;
  let total = 0;
  for (let r = 0; r < weights.length; r++) {
    const scope = Array.from({ length: data.itemCount }, (_, i) => i).filter(
      (i) => scopes[r] === -1 || data.groupOf![i] === scopes[r],
    );
    const remaining = new Set(scope);
    for (let e = rankingOffsets[r]!; e < rankingOffsets[r + 1]!; e++) {
      if (remaining.size < 2) break;
      const chosen = items[e]!;
      let denominator = 0;
      for (const i of remaining) denominator += strength[i]!;
      total += weights[r]! * Math.log(strength[chosen]! / denominator);
      remaining.delete(chosen);
    }
  }
  for (let i = 0; i < data.itemCount; i++) total += alpha * (Math.log(strength[i]!) - strength[i]!);
  return total;
}

/** Small random data with two groups, scoped and unscoped rankings, complete rankings of a group, and weights. */
function smallData(seed: number): FitData {
  const random = new SeededRandom(seed);
  const n = 9;
  const groupOf = Int32Array.from([0, 0, 0, 0, 1, 1, 1, 1, 1]);
  const lists: [number, number[]][] = [];
  for (let l = 0; l < 40; l++) {
    const pool = l % 3 === 0 ? [0, 1, 2, 3] : l % 3 === 1 ? [4, 5, 6, 7, 8] : [0, 1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = pool.sort(() => random.next() - 0.5);
    const k = l % 5 === 0 ? pool.length : 1 + random.below(pool.length);
    lists.push([random.below(15), shuffled.slice(0, k)]);
  }
  const [slice] = buildBallots(listsOf(15, lists), { partCount: 1, partOf: new Int32Array(n), groupOf });
  return slice!;
}

describe("Plackett–Luce fit", () => {
  it("computes the log posterior of top-k rankings, scoped and weighted, as the slow way does", () => {
    for (const seed of [1, 2, 3]) {
      const data = smallData(seed);
      expect(new Set(data.ballots.scopes)).toEqual(new Set([-1, 0, 1]));
      const random = new SeededRandom(seed);
      const strength = Float64Array.from({ length: data.itemCount }, () => 0.1 + 3 * random.next());
      expect(logPosterior(data, strength, 0.7)).toBeCloseTo(bruteForce(data, strength, 0.7), 9);
    }
  });

  it("finds the posterior mode: no small change of any strength raises the slow log posterior", () => {
    for (const seed of [4, 5]) {
      const data = smallData(seed);
      const fit = fitStrengths(data, OPTIONS);
      expect(fit.converged).toBe(true);
      const best = bruteForce(data, fit.strength, 1);
      for (let i = 0; i < data.itemCount; i++) {
        for (const factor of [1.001, 0.999]) {
          const moved = fit.strength.slice();
          moved[i]! *= factor;
          expect(bruteForce(data, moved, 1)).toBeLessThan(best);
        }
      }
      const mean = fit.strength.reduce((a, b) => a + b) / data.itemCount;
      expect(mean).toBeCloseTo(1, 12);
    }
  });

  it("never lowers the log posterior from one pass budget to the next", () => {
    const lists = plackettLuceLists({
      logStrength: spreadStrengths(20, 1.5),
      lists: 300,
      minLength: 2,
      maxLength: 20,
      seed: 3,
    });
    const [data] = buildBallots(lists, everything(20));
    let previous = Number.NEGATIVE_INFINITY;
    for (let passes = 1; passes <= 30; passes++) {
      const fit = fitStrengths(data!, { ...OPTIONS, maxIterations: passes });
      const value = logPosterior(data!, fit.strength, 1);
      expect(value).toBeGreaterThanOrEqual(previous - 1e-9 * Math.abs(value));
      previous = value;
    }
  });

  it("gives finite strengths to an item that wins everything and to items nobody ranked", () => {
    // Item 0 tops every list; items 6 and 7 are on none. Without a prior the
    // first would be infinitely strong and the others zero.
    const lists = listsOf(4, [
      [0, [0, 1, 2]],
      [1, [0, 2, 3, 1]],
      [2, [0, 4, 5]],
      [3, [0, 3, 5]],
    ]);
    const [data] = buildBallots(lists, everything(8));
    const fit = fitStrengths(data!, OPTIONS);
    expect(fit.converged).toBe(true);
    const theta = Array.from(fit.logStrength);
    expect(theta.every(Number.isFinite)).toBe(true);
    expect(Math.max(...theta)).toBe(theta[0]);
    for (const listed of [1, 2, 3, 4, 5]) expect(theta[listed]).toBeGreaterThan(theta[6]!);
    expect(theta[6]).toBeCloseTo(theta[7]!, 12);
  });

  it("reads a list as beating every item it leaves out: 10th on many lists beats 1st on a few", () => {
    // 40 members list items 0..9 with item 9 always 10th; 3 list item 10 first.
    const random = new SeededRandom(8);
    const lists: [number, number[]][] = [];
    for (let m = 0; m < 40; m++) {
      const top = [0, 1, 2, 3, 4, 5, 6, 7, 8].sort(() => random.next() - 0.5);
      lists.push([m, [...top, 9]]);
    }
    for (let m = 40; m < 43; m++) lists.push([m, [10, 0, 1]]);
    const [data] = buildBallots(concatLists(listsOf(43, lists)), everything(30));
    const fit = fitStrengths(data!, OPTIONS);
    expect(fit.logStrength[9]).toBeGreaterThan(fit.logStrength[10]!);
    // Both beat the 19 items nobody listed.
    for (let i = 11; i < 30; i++) expect(fit.logStrength[10]).toBeGreaterThan(fit.logStrength[i]!);
  });
});
