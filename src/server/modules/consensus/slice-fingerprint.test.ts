import { describe, expect, it } from "vitest";
import { buildBallots, castawayPartitions, singleSlice } from "./model/index.ts";
import { listsOf } from "./model/synthetic.ts";
import { categoryFingerprint, sliceFingerprint } from "./slice-fingerprint.ts";

const IDS = ["a", "b", "c", "d", "e", "f"];
const everything = singleSlice(
  IDS.length,
  IDS.map((_, i) => i),
);

type Lists = Parameters<typeof listsOf>[1];
const fingerprint = (lists: Lists, ids = IDS, minBallots = 5) =>
  sliceFingerprint(buildBallots(listsOf(4, lists), everything)[0]!, ids, minBallots);

const SITE: Lists = [
  [0, [4, 2, 0]],
  [1, [1, 2, 3]],
  [0, [0, 1, 2]],
  [2, [3, 4, 0]],
  [3, [5, 0]],
];

describe("sliceFingerprint", () => {
  it("is the same for the same ballots, whatever order the members are numbered in", () => {
    // Members 0..3 renumbered 3, 2, 0, 1: each keeps their own lists.
    const renumbered: Lists = SITE.map(([m, items]) => [[3, 2, 0, 1][m]!, items] as const);
    expect(fingerprint(renumbered)).toBe(fingerprint(SITE));
    // Member 3's list read first: the members' lists come in another order.
    expect(fingerprint([SITE[4]!, ...SITE.slice(0, 4)])).toBe(fingerprint(SITE));
  });

  it("moves with anything the fit reads: an order, a list, a member's voice, an item's id, the least ballots", () => {
    const base = fingerprint(SITE);
    const changed = [
      fingerprint(SITE.map(([m, items], l) => [m, l === 1 ? [2, 1, 3] : items] as const)),
      fingerprint([...SITE, [1, [5]]]),
      fingerprint(SITE.slice(0, 4)),
      // Member 0's two lists split between two members: the same rankings, other weights.
      fingerprint(SITE.map(([m, items], l) => [l === 2 ? 3 : m, items] as const)),
      fingerprint(SITE, ["a", "b", "c", "d", "e", "g"]),
      fingerprint(SITE, IDS, 3),
    ];
    for (const other of changed) expect(other).not.toBe(base);
    expect(new Set(changed).size).toBe(changed.length);
  });

  it("tells a ranking of one season's cast from the same ranking of everyone", () => {
    // Castaways 0-2 in season 0, 3-5 in season 1: [1, 0] is a ranking of season 0's cast.
    const seasons = castawayPartitions(Int32Array.from([0, 0, 0, 1, 1, 1]), 2);
    const grouped = buildBallots(listsOf(1, [[0, [1, 0]]]), seasons.overall)[0]!;
    const whole = buildBallots(listsOf(1, [[0, [1, 0]]]), { ...seasons.overall, groupOf: undefined })[0]!;
    expect(sliceFingerprint(grouped, IDS, 5)).not.toBe(sliceFingerprint(whole, IDS, 5));
  });
});

describe("categoryFingerprint", () => {
  const category = (slots: number[], castawayIds = ["x", "y", "z"]) => ({
    categoryId: "season-49",
    castawayIds,
    slots: Int16Array.from(slots),
    nameOrder: Int32Array.from(castawayIds.keys()),
  });
  // Submissions of three slots each (-1: an empty slot).
  const votes = [0, 1, 2, 2, 1, -1, 1, 0, 2];

  it("is the same for the same submissions in any order, and moves with a slot, a vote or a castaway", () => {
    const base = categoryFingerprint(category(votes), 3);
    expect(categoryFingerprint(category([...votes.slice(6), ...votes.slice(0, 6)]), 3)).toBe(base);
    const changed = [
      categoryFingerprint(category([0, 1, 2, 2, -1, 1, 1, 0, 2]), 3),
      categoryFingerprint(category(votes.slice(3)), 3),
      categoryFingerprint(category(votes, ["x", "y", "w"]), 3),
      categoryFingerprint(category(votes), 9),
    ];
    for (const other of changed) expect(other).not.toBe(base);
  });
});
