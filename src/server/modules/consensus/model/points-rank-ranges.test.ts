import { describe, expect, it } from "vitest";
import { blocksFor, pointsRankRanges } from "./points-rank-ranges.ts";
import { SeededRandom } from "./random.ts";
import { AliasSampler, spreadStrengths } from "./synthetic.ts";

/** Submissions of ten slots, -1 for an empty slot. */
function slotsOf(submissions: readonly (readonly number[])[]): Int32Array {
  const slots = new Int32Array(submissions.length * 10).fill(-1);
  submissions.forEach((s, q) => slots.set(s, q * 10));
  return slots;
}

/** count submissions drawn from Plackett–Luce over n castaways. */
function drawSubmissions(n: number, spread: number, count: number, seed: number): Int32Array {
  const random = new SeededRandom(seed);
  const sampler = new AliasSampler(spreadStrengths(n, spread).map(Math.exp));
  const slots = new Int32Array(count * 10);
  for (let s = 0; s < count; s++) sampler.topK(10, random, slots, s * 10);
  return slots;
}

const byIndex = (n: number) => Int32Array.from({ length: n }, (_, i) => i);

describe("pointsRankRanges", () => {
  it("orders as the page does: points, then first-place votes, then name; empty slots score nothing", () => {
    // Items 0 to 3 all score 11 points. Item 1 has no first place, so it comes last of them although
    // its name comes first; 0, 2 and 3 have one each and go by name. Item 4 is on no submission.
    const slots = slotsOf([
      [0, 1, -1, -1, -1, -1, -1, -1, -1, 3],
      [2, -1, -1, -1, -1, -1, -1, -1, 1, -1],
      [3, -1, -1, -1, -1, -1, -1, -1, -1, 0],
      [-1, -1, -1, -1, -1, -1, -1, -1, -1, 2],
    ]);
    const nameOrder = Int32Array.from([1, 0, 2, 3, 4]);
    const ranges = pointsRankRanges({ itemCount: 5, slots, nameOrder, replicates: 200 });
    expect(ranges.map((r) => [r.item, r.rank, r.totalScore, r.firstPlaceVotes])).toEqual([
      [0, 1, 11, 1],
      [2, 2, 11, 1],
      [3, 3, 11, 1],
      [1, 4, 11, 0],
    ]);
    for (const r of ranges) {
      expect(r.low).toBeLessThanOrEqual(r.rank);
      expect(r.high).toBeGreaterThanOrEqual(r.rank);
      expect(r.high).toBeLessThanOrEqual(5);
    }
  });

  it("pins a clear leader to #1 and lets near ties overlap", () => {
    // Castaway 0 far ahead; 1 and 2 nearly tied.
    const random = new SeededRandom(4);
    const submissions: number[][] = [];
    for (let s = 0; s < 400; s++) {
      const pair = random.next() < 0.5 ? [1, 2] : [2, 1];
      submissions.push([0, ...pair, 3, 4, 5, 6, 7, 8, 9]);
    }
    const ranges = pointsRankRanges({ itemCount: 12, slots: slotsOf(submissions), nameOrder: byIndex(12) });
    expect(ranges[0]).toMatchObject({ item: 0, low: 1, high: 1 });
    expect(ranges[1]).toMatchObject({ low: 2, high: 3 });
    expect(ranges[2]).toMatchObject({ low: 2, high: 3 });
    expect(ranges[3]).toMatchObject({ item: 3, low: 4, high: 4 });
  });

  it("holds the true order for at least 85 % of the top 10", () => {
    // With Plackett–Luce voters, expected points fall with strength: the true rank of castaway i is i + 1.
    let held = 0;
    let total = 0;
    for (const seed of [1, 2, 3, 4]) {
      const slots = drawSubmissions(24, 0.15, 3000, seed);
      for (const r of pointsRankRanges({
        itemCount: 24,
        slots,
        nameOrder: byIndex(24),
        seed,
        replicates: 400,
      })) {
        total++;
        if (r.low <= r.item + 1 && r.item + 1 <= r.high) held++;
      }
    }
    expect(held / total).toBeGreaterThanOrEqual(0.85);
  });

  it("draws blocks of submissions beyond a few thousand, with the plain bootstrap's ranges", () => {
    const slots = drawSubmissions(24, 0.05, 6000, 9);
    expect(blocksFor(6000, 24)).toBe(2000);
    expect(blocksFor(500, 24)).toBe(500);
    expect(blocksFor(100_000, 917)).toBe(272);
    const blocked = pointsRankRanges({ itemCount: 24, slots, nameOrder: byIndex(24), replicates: 400 });
    const plain = pointsRankRanges({
      itemCount: 24,
      slots,
      nameOrder: byIndex(24),
      replicates: 400,
      blocks: Infinity,
    });
    expect(blocked.map((r) => r.item)).toEqual(plain.map((r) => r.item));
    expect(blocked.some((r) => r.high > r.low)).toBe(true);
    blocked.forEach((r, q) => {
      expect(Math.abs(r.low - plain[q]!.low)).toBeLessThanOrEqual(1);
      expect(Math.abs(r.high - plain[q]!.high)).toBeLessThanOrEqual(1);
    });
  });

  it("answers nothing without votes, and refuses slots that are not items", () => {
    expect(pointsRankRanges({ itemCount: 3, slots: new Int32Array(0), nameOrder: byIndex(3) })).toEqual([]);
    expect(() => pointsRankRanges({ itemCount: 3, slots: slotsOf([[0, 5]]), nameOrder: byIndex(3) })).toThrow(
      RangeError,
    );
    expect(() => pointsRankRanges({ itemCount: 3, slots: new Int32Array(7), nameOrder: byIndex(3) })).toThrow(
      RangeError,
    );
  });
});
