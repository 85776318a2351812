import { describe, expect, it } from "vitest";
import { pointsForSlot, rankBiasedOverlap } from "./global-rankings.ts";

const ids = (s: string) => s.split("");

describe("rankBiasedOverlap", () => {
  it("is 1 for the same ranking and 0 for rankings with nothing in common", () => {
    expect(rankBiasedOverlap(ids("abcdefghij"), ids("abcdefghij"))).toBeCloseTo(1, 10);
    expect(rankBiasedOverlap(ids("abcdefghij"), ids("klmnopqrst"))).toBe(0);
  });

  it("weighs agreement at the top more than at the bottom", () => {
    const swappedTop = rankBiasedOverlap(ids("bacdefghij"), ids("abcdefghij"));
    const swappedBottom = rankBiasedOverlap(ids("abcdefghji"), ids("abcdefghij"));
    expect(swappedBottom).toBeGreaterThan(swappedTop);
    expect(swappedTop).toBeLessThan(1);
  });

  it("reads empty slots as nothing ranked", () => {
    const partial = rankBiasedOverlap(
      ["a", "b", null, null, null, null, null, null, null, null],
      ids("abcdefghij"),
    );
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(1);
  });
});

describe("pointsForSlot", () => {
  it("gives 10 points for first down to 1 for tenth", () => {
    expect(Array.from({ length: 10 }, (_, i) => pointsForSlot(i))).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });
});
