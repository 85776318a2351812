import { describe, expect, it } from "vitest";
import { buildBallots, singleSlice } from "./ballots.ts";
import { fitConsensus, transferablesOf } from "./consensus.ts";
import { fitStrengths } from "./plackett-luce.ts";
import { SeededRandom } from "./random.ts";
import { concatLists, listsOf, plackettLuceLists, sampleTopK, spreadStrengths } from "./synthetic.ts";
import type { Ballots, ConsensusResult, RankedLists } from "./types.ts";
import { logStrengthErrors } from "./uncertainty.ts";

const N = 50;
const everything = (n: number) =>
  singleSlice(
    n,
    Array.from({ length: n }, (_, i) => i),
  );
/** Known strengths, item 0 the strongest; close enough that ranks are uncertain. */
const truth = spreadStrengths(N, 0.5);
const lists = plackettLuceLists({ logStrength: truth, lists: 10_000, minLength: 3, maxLength: 20, seed: 11 });

function kendallTau(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  let pairs = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      sum += Math.sign(a[i]! - a[j]!) * Math.sign(b[i]! - b[j]!);
      pairs++;
    }
  }
  return sum / pairs;
}

function fit(input: RankedLists, catalogue: number, minBallots = 1): ConsensusResult {
  const [slice] = buildBallots(input, everything(catalogue));
  return fitConsensus({ ...slice!, minBallots });
}

describe("fitConsensus on lists drawn from a known Plackett–Luce model", () => {
  const result = fit(lists, N);

  it("recovers the true order (Kendall tau at least 0.9), far better than an average of positions", () => {
    expect(result.converged).toBe(true);
    expect(result.ballotCount).toBe(10_000);
    expect(result.order).toHaveLength(N);
    const tau = kendallTau(result.logStrength, truth);
    expect(tau).toBeGreaterThanOrEqual(0.9);

    // The average relative position (0 first, 1 last) over the lists holding an item.
    const sum = new Float64Array(N);
    const count = new Float64Array(N);
    for (let l = 0; l < lists.member.length; l++) {
      const k = lists.offsets[l + 1]! - lists.offsets[l]!;
      for (let t = 0; t < k; t++) {
        sum[lists.items[lists.offsets[l]! + t]!]! += t / (k - 1);
        count[lists.items[lists.offsets[l]! + t]!]!++;
      }
    }
    const averagePosition = Array.from(sum, (s, i) => -s / count[i]!);
    expect(kendallTau(averagePosition, truth)).toBeLessThan(tau - 0.1);
  });

  it("gives 90 % rank ranges that hold the true rank for at least 85 % of items, and are not trivially wide", () => {
    let held = 0;
    let width = 0;
    for (let i = 0; i < N; i++) {
      expect(result.rankLow[i]).toBeLessThanOrEqual(result.rank[i]!);
      expect(result.rankHigh[i]).toBeGreaterThanOrEqual(result.rank[i]!);
      if (result.rankLow[i]! <= i + 1 && i + 1 <= result.rankHigh[i]!) held++;
      width += result.rankHigh[i]! - result.rankLow[i]! + 1;
    }
    expect(held / N).toBeGreaterThanOrEqual(0.85);
    // Ranges that hold a few ranks, not the whole table.
    expect(width / N).toBeGreaterThan(1.5);
    expect(width / N).toBeLessThan(10);
  });

  it("lets one member with 500 identical lists move the consensus exactly as much as with one", () => {
    const favourite = [49, 48, 47, 46, 45, 44, 43, 42, 41, 40];
    const once = concatLists(lists, listsOf(1, [[0, favourite]]));
    const spam = concatLists(
      lists,
      listsOf(
        1,
        Array.from({ length: 500 }, () => [0, favourite] as const),
      ),
    );
    const a = fit(once, N);
    const b = fit(spam, N);
    expect(b).toEqual(a);
    // And the one list does move something (the test could fail).
    expect(Array.from(a.logStrength)).not.toEqual(Array.from(result.logStrength));
  });

  it("does not put an item on top for two enthusiastic lists", () => {
    const withRare = concatLists(
      lists,
      listsOf(2, [
        [0, [N, 0, 1, 2, 3]],
        [1, [N, 1, 0, 4]],
      ]),
    );
    const ranked = fit(withRare, N + 1, 2);
    expect(ranked.rank[N]).toBeGreaterThan(10);
    expect(ranked.rank[0]).toBe(1);
    // With the usual minimum it is set apart, with its count.
    const apart = fit(withRare, N + 1, 5);
    expect(apart.rank[N]).toBe(0);
    expect(Array.from(apart.unranked)).toEqual([N]);
    expect(apart.ballots[N]).toBe(2);
    expect(apart.order).toHaveLength(N);
  });

  it("ranks within a slice from the lists restricted to it", () => {
    const odd = Array.from({ length: N / 2 }, (_, j) => 2 * j + 1);
    const [slice] = buildBallots(lists, singleSlice(N, odd));
    const inSlice = fitConsensus({ ...slice!, minBallots: 1 });
    expect(
      kendallTau(
        inSlice.logStrength,
        odd.map((c) => truth[c]!),
      ),
    ).toBeGreaterThanOrEqual(0.9);
  });

  it("is deterministic, and its input and answer cross to a worker as transferred buffers", () => {
    const [slice] = buildBallots(lists, everything(N));
    const input = { ...slice!, minBallots: 1 };
    const inputBuffers = [...new Set(Object.values(input.ballots).map((a) => a.buffer as ArrayBuffer))];
    const received = structuredClone(input, { transfer: inputBuffers });
    expect(input.ballots.items.length).toBe(0); // moved, not copied
    const answer = fitConsensus(received);
    expect(answer).toEqual(result);
    const copy = structuredClone(answer, { transfer: transferablesOf(answer) });
    expect(copy).toEqual(result);
    expect(answer.rank.length).toBe(0);
  });
});

describe("groups", () => {
  it("reads a list of one group as a ranking of that group, so ranking a weak group in full does not lift it", () => {
    // Items 0-9 (group 0) are stronger than 10-19 (group 1); 400 members rank all of
    // group 1, 400 make an all-time top 5.
    const theta = Float64Array.from({ length: 20 }, (_, i) => (i < 10 ? 1 - i * 0.1 : -0.5 - (i - 10) * 0.1));
    const random = new SeededRandom(3);
    const groupOne = Int32Array.from({ length: 10 }, (_, j) => 10 + j);
    const entries: [number, number[]][] = [];
    for (let m = 0; m < 400; m++) entries.push([m, Array.from(sampleTopK(theta, 10, random, groupOne))]);
    for (let m = 400; m < 800; m++) entries.push([m, Array.from(sampleTopK(theta, 5, random))]);
    const groupOf = Int32Array.from({ length: 20 }, (_, i) => (i < 10 ? 0 : 1));
    const [scoped] = buildBallots(listsOf(800, entries), {
      partCount: 1,
      partOf: new Int32Array(20),
      groupOf,
    });
    const withGroups = fitConsensus({ ...scoped!, minBallots: 1 });
    expect(Array.from(withGroups.order.slice(0, 10)).every((i) => i < 10)).toBe(true);
    expect(kendallTau(withGroups.logStrength, theta)).toBeGreaterThanOrEqual(0.85);

    const [unscoped] = buildBallots(listsOf(800, entries), everything(20));
    const withoutGroups = fitConsensus({ ...unscoped!, minBallots: 1 });
    expect(Array.from(withoutGroups.order.slice(0, 10)).some((i) => i >= 10)).toBe(true);
  });
});

describe("uncertainty", () => {
  /** Members who disagree with one another (each has a taste of their own) and make 1 to 4 lists. */
  function disagreeingMembers(members: number, seed: number): RankedLists {
    const random = new SeededRandom(seed);
    const theta = spreadStrengths(25, 1);
    const entries: [number, number[]][] = [];
    for (let m = 0; m < members; m++) {
      const taste = theta.map((t) => t + 0.7 * random.normal());
      const count = 1 + random.below(4);
      for (let q = 0; q < count; q++)
        entries.push([m, Array.from(sampleTopK(taste, 3 + random.below(10), random))]);
    }
    return listsOf(members, entries);
  }

  function resample(ballots: Ballots, picks: Int32Array): Ballots {
    const ballotOffsets = [0];
    const rankingOffsets = [0];
    const items: number[] = [];
    const weights: number[] = [];
    const scopes: number[] = [];
    for (const b of picks) {
      for (let r = ballots.ballotOffsets[b]!; r < ballots.ballotOffsets[b + 1]!; r++) {
        items.push(...ballots.items.subarray(ballots.rankingOffsets[r]!, ballots.rankingOffsets[r + 1]!));
        rankingOffsets.push(items.length);
        weights.push(ballots.weights[r]!);
        scopes.push(ballots.scopes[r]!);
      }
      ballotOffsets.push(weights.length);
    }
    return {
      ballotOffsets: Int32Array.from(ballotOffsets),
      rankingOffsets: Int32Array.from(rankingOffsets),
      items: Int32Array.from(items),
      weights: Float64Array.from(weights),
      scopes: Int32Array.from(scopes),
    };
  }

  it("gives standard errors that agree with a bootstrap over ballots when members disagree", () => {
    const [slice] = buildBallots(disagreeingMembers(1500, 21), everything(25));
    const options = { priorStrength: 1, tolerance: 1e-8, maxIterations: 1000 };
    const fitted = fitStrengths(slice!, options);
    const errors = logStrengthErrors(slice!, fitted.strength, 1);
    const random = new SeededRandom(22);
    const ballots = slice!.ballots.ballotOffsets.length - 1;
    const sum = new Float64Array(25);
    const squares = new Float64Array(25);
    const replicates = 100;
    for (let rep = 0; rep < replicates; rep++) {
      const picks = Int32Array.from({ length: ballots }, () => random.below(ballots));
      const again = fitStrengths({ ...slice!, ballots: resample(slice!.ballots, picks) }, options);
      const mean = again.logStrength.reduce((a, b) => a + b) / 25;
      for (let i = 0; i < 25; i++) {
        sum[i]! += again.logStrength[i]! - mean;
        squares[i]! += (again.logStrength[i]! - mean) ** 2;
      }
    }
    for (let i = 0; i < 25; i++) {
      const bootstrap = Math.sqrt(squares[i]! / replicates - (sum[i]! / replicates) ** 2);
      expect(errors[i]! / bootstrap).toBeGreaterThan(0.75);
      expect(errors[i]! / bootstrap).toBeLessThan(1.35);
    }
  });
});

describe("ballot figures", () => {
  it("counts ballots, top-3 shares and divisiveness per member, places relative to each list's length", () => {
    const result = fit(
      listsOf(5, [
        // Item 0: first on two ballots, last on two (of 3 and of 4 items): as divisive as can be.
        [0, [0, 1, 2]],
        [1, [0, 2, 1, 3, 4]],
        [2, [1, 2, 0]],
        [3, [2, 1, 3, 0]],
        // Member 4 has two lists, each weighing a half.
        [4, [1, 2, 3]],
        [4, [2, 3, 1, 4]],
      ]),
      5,
    );
    expect(Array.from(result.ballots)).toEqual([4, 5, 5, 3, 2]);
    expect(result.top3Share[0]).toBeCloseTo(3 / 5, 12);
    expect(result.top3Share[1]).toBeCloseTo(1, 12);
    // Item 3: 4th for member 1, 3rd for member 3, in both top 3s of member 4; item 4 in no top 3.
    expect(result.top3Share[3]).toBeCloseTo((1 + 1) / 5, 12);
    expect(result.top3Share[4]).toBeCloseTo(0, 12);
    expect(result.divisiveness[0]).toBeCloseTo(1, 12);
    // Item 1's places: 1/2, 2/4, 0, 1/3, and member 4's mean of 0 and 2/3.
    const places = [0.5, 0.5, 0, 1 / 3, 1 / 3];
    const mean = places.reduce((a, b) => a + b) / 5;
    const sd = Math.sqrt(places.reduce((a, p) => a + (p - mean) ** 2, 0) / 5);
    expect(result.divisiveness[1]).toBeCloseTo(2 * sd, 12);
    // Item 4 is last on both its lists, of 5 and 4 items: the same relative place.
    expect(result.divisiveness[4]).toBe(0);
  });

  it("answers an empty slice, and a slice without ballots, with nothing ranked", () => {
    const empty = fitConsensus({ ...buildBallots(listsOf(0, []), everything(0))[0]!, minBallots: 1 });
    expect(empty).toMatchObject({ itemCount: 0, ballotCount: 0, converged: true });
    const [slice] = buildBallots(listsOf(2, [[0, [5, 6, 7]]]), singleSlice(8, [0, 1, 2]));
    const none = fitConsensus({ ...slice!, minBallots: 1 });
    expect(none.ballotCount).toBe(0);
    expect(Array.from(none.order)).toEqual([]);
    expect(Array.from(none.unranked)).toEqual([0, 1, 2]);
    expect(Array.from(none.top3Share)).toEqual([0, 0, 0]);
  });

  it("refuses ballots it would misread", () => {
    const [slice] = buildBallots(listsOf(1, [[0, [0, 1, 2]]]), everything(3));
    const ballots = slice!.ballots;
    const bad = (changes: Partial<Ballots>) => () =>
      fitConsensus({ itemCount: 3, ballots: { ...ballots, ...changes }, minBallots: 1 });
    expect(bad({ items: Int32Array.from([0, 1, 1]) })).toThrow(/twice/);
    expect(bad({ items: Int32Array.from([0, 1, 3]) })).toThrow(/outside/);
    expect(bad({ weights: Float64Array.from([0]) })).toThrow(/weight/);
    expect(bad({ scopes: Int32Array.from([0]) })).toThrow(/scope/);
    expect(bad({ rankingOffsets: Int32Array.from([0, 2]) })).toThrow(/rankingOffsets/);
  });
});
