// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { hiddenSeasonOf, readVisitorHorizon, saveVisitorHorizon } from "./spoiler-horizon.ts";

afterEach(() => saveVisitorHorizon(null));

describe("which shown entries a horizon hides", () => {
  const castaway = (id: string) => ({ id, isSeason: false });

  it("hides a castaway past the horizon under its season, and nothing else", () => {
    expect(hiddenSeasonOf(castaway("s45-austin-li-coon"), { upTo: 30 })).toBe(45);
    expect(hiddenSeasonOf(castaway("s20-parvati-shallow"), { upTo: 30 })).toBeNull();
    expect(hiddenSeasonOf(castaway("s45-austin-li-coon"), { seasons: [45] })).toBeNull();
    expect(hiddenSeasonOf(castaway("s45-austin-li-coon"), null)).toBeNull();
  });

  it("never hides a season, however late", () => {
    expect(hiddenSeasonOf({ id: "s45", isSeason: true }, { upTo: 1 })).toBeNull();
  });

  it("keeps one the server sent hidden hidden, whatever the horizon here", () => {
    expect(hiddenSeasonOf({ hidden: true, season: 45 }, null)).toBe(45);
  });
});

describe("a visitor's horizon", () => {
  it("is kept in this browser and cleared with null", () => {
    expect(readVisitorHorizon()).toBeNull();
    saveVisitorHorizon({ seasons: [2, 1] });
    expect(readVisitorHorizon()).toEqual({ seasons: [1, 2] });
    expect(JSON.parse(window.localStorage.getItem("survivor.spoilerHorizon")!)).toEqual({ seasons: [2, 1] });
    saveVisitorHorizon(null);
    expect(readVisitorHorizon()).toBeNull();
    expect(window.localStorage.getItem("survivor.spoilerHorizon")).toBeNull();
  });
});
