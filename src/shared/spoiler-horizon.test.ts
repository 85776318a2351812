import { describe, expect, it } from "vitest";
import {
  castawaySeason,
  decodeHorizon,
  describeHorizonShort,
  encodeHorizon,
  hasWatched,
  seasonNumberOf,
} from "./spoiler-horizon.ts";

describe("the spoiler horizon's rules", () => {
  it("takes 'up to N' as every season to N, and a pick as exactly those seasons", () => {
    expect(hasWatched({ upTo: 30 }, 30)).toBe(true);
    expect(hasWatched({ upTo: 30 }, 31)).toBe(false);
    expect(hasWatched({ upTo: 0 }, 1)).toBe(false);
    expect(hasWatched({ seasons: [1, 20] }, 20)).toBe(true);
    expect(hasWatched({ seasons: [1, 20] }, 2)).toBe(false);
    expect(hasWatched(null, 49)).toBe(true);
  });

  it("reads a castaway's season off its id, and nothing off a season's or another id", () => {
    expect(castawaySeason("s45-austin-li-coon")).toBe(45);
    expect(castawaySeason("s45")).toBeNull();
    expect(castawaySeason("list_1")).toBeNull();
    expect(seasonNumberOf("s45")).toBe(45);
    expect(seasonNumberOf("s45-x")).toBeNull();
  });

  it("stores one written form, and reads back only what it wrote", () => {
    expect(encodeHorizon({ seasons: [3, 1, 3] })).toBe('{"seasons":[1,3]}');
    expect(decodeHorizon('{"seasons":[1,3]}')).toEqual({ seasons: [1, 3] });
    expect(decodeHorizon('{"upTo":30}')).toEqual({ upTo: 30 });
    expect(encodeHorizon(null)).toBeNull();
    for (const bad of [null, "", "nope", "[]", '{"upTo":-1}', '{"upTo":"3"}', '{"seasons":[1.5]}', "null"]) {
      expect(decodeHorizon(bad)).toBeNull();
    }
  });

  it("names a horizon briefly for the header", () => {
    expect(describeHorizonShort({ upTo: 30 })).toBe("Up to S30");
    expect(describeHorizonShort({ upTo: 0 })).toBe("No seasons");
    expect(describeHorizonShort({ seasons: [1] })).toBe("1 season");
    expect(describeHorizonShort({ seasons: [1, 2] })).toBe("2 seasons");
  });
});
