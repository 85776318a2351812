import { expect, it } from "vitest";
import { TROPHY_COUNT, trophyDrops } from "./trophy-rain.ts";

it("makes twenty drops, the same every time, spread across the width", () => {
  const drops = trophyDrops();
  expect(TROPHY_COUNT).toBe(20);
  expect(drops).toHaveLength(20);
  expect(trophyDrops()).toEqual(drops);
  for (const d of drops) {
    expect(d.left).toBeGreaterThanOrEqual(0);
    expect(d.left).toBeLessThan(100);
    expect(d.delay).toBeLessThanOrEqual(0);
    expect(-d.delay).toBeLessThanOrEqual(d.duration);
  }
  // One per lane: the left half and the right half each get ten.
  expect(drops.filter((d) => d.left < 50)).toHaveLength(10);
});
