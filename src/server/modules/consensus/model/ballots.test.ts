import { describe, expect, it } from "vitest";
import { buildBallots, createBallotBuffers, orderByMember, singleSlice } from "./ballots.ts";
import { castawayPartitions, chunkPartition, seasonPartitions } from "./slices.ts";
import { syntheticSite } from "./synthetic-site.ts";
import { listsOf } from "./synthetic.ts";
import type { SliceBallots } from "./types.ts";

/** A slice's rankings as plain arrays: [[items...], weight, scope] per ranking, grouped by ballot. */
function readable(slice: SliceBallots) {
  const { ballotOffsets, rankingOffsets, items, weights, scopes } = slice.ballots;
  const out: [number[], number, number][][] = [];
  for (let b = 0; b + 1 < ballotOffsets.length; b++) {
    const ballot: [number[], number, number][] = [];
    for (let r = ballotOffsets[b]!; r < ballotOffsets[b + 1]!; r++) {
      ballot.push([
        Array.from(items.subarray(rankingOffsets[r]!, rankingOffsets[r + 1]!)),
        weights[r]!,
        scopes[r]!,
      ]);
    }
    out.push(ballot);
  }
  return out;
}

const everything = (n: number) =>
  singleSlice(
    n,
    Array.from({ length: n }, (_, i) => i),
  );

describe("buildBallots", () => {
  it("gives each member one ballot whose lists weigh 1/m each", () => {
    const lists = listsOf(3, [
      [0, [4, 2, 0]],
      [1, [1, 2, 3]],
      [0, [0, 1, 2]],
      [2, [3, 4, 0]],
      [0, [2, 3, 4]],
    ]);
    const [slice] = buildBallots(lists, everything(5));
    expect(readable(slice!)).toEqual([
      [
        [[4, 2, 0], 1 / 3, -1],
        [[0, 1, 2], 1 / 3, -1],
        [[2, 3, 4], 1 / 3, -1],
      ],
      [[[1, 2, 3], 1, -1]],
      [[[3, 4, 0], 1, -1]],
    ]);
  });

  it("keeps a ranking made many times once, with all their weight: 500 copies give the ballot one copy gives", () => {
    const once = listsOf(2, [
      [0, [5, 1, 2, 3]],
      [1, [1, 0, 2]],
    ]);
    const many = listsOf(2, [
      [1, [1, 0, 2]],
      ...Array.from({ length: 500 }, () => [0, [5, 1, 2, 3]] as const),
    ]);
    const [a] = buildBallots(once, everything(6));
    const [b] = buildBallots(many, everything(6));
    expect(readable(b!)).toEqual(readable(a!));
    expect(readable(b!)[0]).toEqual([[[5, 1, 2, 3], 1, -1]]);

    const mixed = listsOf(1, [
      [0, [1, 2, 3]],
      [0, [3, 2, 1]],
      [0, [1, 2, 3]],
      [0, [1, 2, 3]],
    ]);
    expect(readable(buildBallots(mixed, everything(4))[0]!)).toEqual([
      [
        [[1, 2, 3], 3 / 4, -1],
        [[3, 2, 1], 1 / 4, -1],
      ],
    ]);
  });

  it("restricts a list to a slice in its own order, with slice-local indices, and leaves out lists that miss it", () => {
    // The slice holds catalogue items 2, 5, 7, 9 -> local 0, 1, 2, 3.
    const lists = listsOf(3, [
      [0, [9, 1, 5, 3, 2]],
      [1, [0, 1, 3]],
      [2, [7, 8, 5]],
      [0, [4, 6, 8]],
    ]);
    const [slice] = buildBallots(lists, singleSlice(10, [2, 5, 7, 9]));
    expect(Array.from(slice!.catalogueItems)).toEqual([2, 5, 7, 9]);
    expect(readable(slice!)).toEqual([[[[3, 1, 0], 1, -1]], [[[2, 1], 1, -1]]]);
  });

  it("merges lists that differ only outside the slice, as the same ranking of the slice", () => {
    const lists = listsOf(1, [
      [0, [0, 8, 1, 2]],
      [0, [0, 1, 9, 2]],
      [0, [2, 1, 0]],
    ]);
    const [slice] = buildBallots(lists, singleSlice(10, [0, 1, 2]));
    expect(readable(slice!)).toEqual([
      [
        [[0, 1, 2], 2 / 3, -1],
        [[2, 1, 0], 1 / 3, -1],
      ],
    ]);
  });

  it("scopes a ranking that stays inside one group to that group", () => {
    // Groups: items 0-2 in group 7, items 3-5 in group 4 (numbered in order of first appearance: 0 and 1).
    const groupOf = Int32Array.from([7, 7, 7, 4, 4, 4]);
    const lists = listsOf(3, [
      [0, [2, 0, 1]],
      [1, [3, 5]],
      [2, [0, 3, 1]],
    ]);
    const [slice] = buildBallots(lists, { partCount: 1, partOf: new Int32Array(6), groupOf });
    expect(slice!.groupCount).toBe(2);
    expect(Array.from(slice!.groupOf!)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(readable(slice!).map((b) => b[0]![2])).toEqual([0, 1, -1]);

    // A slice with one group has no groups: every ranking is of the whole slice.
    const [single] = buildBallots(lists, {
      partCount: 1,
      partOf: Int32Array.from([0, 0, 0, -1, -1, -1]),
      groupOf,
    });
    expect(single!.groupOf).toBeNull();
    expect(readable(single!).map((b) => b[0]![2])).toEqual([-1, -1]);
  });

  it("counts an item repeated in a list at its first place only", () => {
    const [slice] = buildBallots(listsOf(1, [[0, [3, 1, 3, 2, 1]]]), everything(4));
    expect(readable(slice!)).toEqual([[[[3, 1, 2], 1, -1]]]);
  });

  it("builds every slice of a partition in one pass as it builds each alone, ordered by member or not, with reused buffers", () => {
    const site = syntheticSite({ lists: 1200, members: 150, seed: 5, seasonSizes: [16, 18, 20, 18, 16] });
    const { overall, bySeason } = castawayPartitions(site.seasonOfCastaway, 5);
    const together = buildBallots(site.castaways, bySeason).map(readable);
    for (let s = 0; s < 5; s++) {
      const members = Array.from(site.seasonOfCastaway.keys()).filter((c) => site.seasonOfCastaway[c] === s);
      const [alone] = buildBallots(site.castaways, singleSlice(site.seasonOfCastaway.length, members));
      expect(together[s]).toEqual(readable(alone!));
    }
    const ordered = orderByMember(site.castaways);
    expect(Array.from(ordered.member)).toEqual([...site.castaways.member].sort((a, b) => a - b));
    expect(buildBallots(ordered, bySeason).map(readable)).toEqual(together);

    const buffers = createBallotBuffers();
    const fresh = readable(buildBallots(site.castaways, overall)[0]!);
    buildBallots(site.seasons, seasonPartitions(site.seasonNumbers).eras, buffers);
    expect(readable(buildBallots(site.castaways, overall, buffers)[0]!)).toEqual(fresh);
    for (const maxRankings of [1, 40, 1_000_000]) {
      const chunks = chunkPartition(bySeason, site.castaways, maxRankings);
      expect(chunks.map((c) => c.first)).toEqual(
        chunks.map((_, i) => chunks.slice(0, i).reduce((n, c) => n + c.partition.partCount, 0)),
      );
      const built = chunks.flatMap((c) => buildBallots(site.castaways, c.partition, buffers).map(readable));
      expect(built).toEqual(together);
      // Each chunk starts from no more rankings than allowed, unless it is a single part.
      for (const c of chunks) {
        const rankings = buildBallots(site.castaways, c.partition).reduce(
          (n, s) => n + s.ballots.weights.length,
          0,
        );
        if (c.partition.partCount > 1) expect(rankings).toBeLessThanOrEqual(maxRankings);
      }
      if (maxRankings === 1) expect(chunks).toHaveLength(5);
      if (maxRankings === 1_000_000) expect(chunks).toHaveLength(1);
    }
  });

  it("refuses lists it would misread", () => {
    const good = listsOf(2, [[0, [0, 1, 2]]]);
    expect(() => buildBallots({ ...good, member: Int32Array.from([2]) }, everything(3))).toThrow(RangeError);
    expect(() => buildBallots({ ...good, items: Int32Array.from([0, 1, 3]) }, everything(3))).toThrow(
      /outside the catalogue/,
    );
    expect(() => buildBallots({ ...good, offsets: Int32Array.from([0, 2]) }, everything(3))).toThrow(
      RangeError,
    );
    expect(() => buildBallots(good, { partCount: 1, partOf: Int32Array.from([0, 1, 0]) })).toThrow(
      RangeError,
    );
    // A slice's entries are 16-bit: one too large for them is refused, not wrapped.
    expect(() => buildBallots(good, everything(32_768))).toThrow(/at most 32767/);
    expect(buildBallots(good, everything(32_767))[0]!.itemCount).toBe(32_767);
  });

  it("reads lists kept as 16-bit entries as it reads 32-bit ones", () => {
    const lists = listsOf(3, [
      [0, [4, 1, 2]],
      [1, [2, 3]],
      [2, [0, 1, 2, 3, 4]],
      [0, [3]],
    ]);
    const narrow = { ...lists, items: Int16Array.from(lists.items) };
    expect(buildBallots(narrow, everything(5)).map(readable)).toEqual(
      buildBallots(lists, everything(5)).map(readable),
    );
  });
});
