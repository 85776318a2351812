import { describe, expect, it } from "vitest";
import { SeededRandom } from "./random.ts";
import { AliasSampler, normalQuantile, sampleTopK } from "./synthetic.ts";

// The recovery tests trust these samplers to draw Plackett–Luce lists.
describe("Plackett–Luce samplers", () => {
  const strength = Float64Array.from([4, 2, 1, 0.5, 0.5]);
  const total = 8;
  const draws = 40_000;

  function shares(draw: (out: Int32Array) => void) {
    const first = new Float64Array(5);
    const secondAfterZero = new Float64Array(5);
    let afterZero = 0;
    const out = new Int32Array(2);
    let repeats = 0;
    for (let d = 0; d < draws; d++) {
      draw(out);
      if (out[0] === out[1]) repeats++;
      first[out[0]!]! += 1 / draws;
      if (out[0] === 0) {
        secondAfterZero[out[1]!]!++;
        afterZero++;
      }
    }
    return { repeats, first, second: secondAfterZero.map((c) => c / afterZero) };
  }

  for (const [name, draw] of [
    [
      "Gumbel top-k",
      (random: SeededRandom) => (out: Int32Array) =>
        sampleTopK(strength.map(Math.log), 2, random, undefined, out),
    ],
    [
      "alias table",
      (random: SeededRandom) => {
        const sampler = new AliasSampler(strength);
        return (out: Int32Array) => sampler.topK(2, random, out);
      },
    ],
  ] as const) {
    it(`${name}: first choice in proportion to strength, second among the rest`, () => {
      const { repeats, first, second } = shares(draw(new SeededRandom(1)));
      expect(repeats).toBe(0);
      strength.forEach((g, i) => expect(first[i]).toBeCloseTo(g / total, 2));
      strength.forEach((g, i) => expect(second[i]).toBeCloseTo(i === 0 ? 0 : g / (total - 4), 1));
    });
  }

  it("normal quantiles", () => {
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.95)).toBeCloseTo(1.6448536, 6);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.3263479, 6);
  });
});
