import { describe, expect, it } from "vitest";
import { over } from "./share-render.ts";

/** One premultiplied RGBA pixel per entry. */
const pixels = (...px: [number, number, number, number][]) => Buffer.from(px.flat());

describe("over", () => {
  const back = pixels([10, 20, 30, 255], [10, 20, 30, 255], [200, 100, 50, 255]);

  it("keeps the backdrop under an empty pixel and takes a solid one whole", () => {
    const front = pixels([0, 0, 0, 0], [255, 0, 0, 255], [0, 0, 0, 0]);
    expect([...over(front, back)]).toEqual([10, 20, 30, 255, 255, 0, 0, 255, 200, 100, 50, 255]);
  });

  it("blends a half-covered pixel by the source-over rule (premultiplied)", () => {
    // White at alpha 128 is premultiplied to 128: 128 + 200 * 127 / 255 = 228 (rounded).
    const front = pixels([128, 128, 128, 128], [0, 0, 0, 0], [128, 0, 0, 128]);
    const out = [...over(front, back)];
    expect(out.slice(0, 4)).toEqual([128 + 5, 128 + 10, 128 + 15, 255]);
    expect(out.slice(8, 12)).toEqual([128 + 100, 50, 25, 255]);
  });

  it("leaves its inputs alone", () => {
    const front = pixels([128, 128, 128, 128], [0, 0, 0, 0], [0, 0, 0, 0]);
    const before = Buffer.from(back);
    over(front, back);
    expect(back.equals(before)).toBe(true);
  });
});
