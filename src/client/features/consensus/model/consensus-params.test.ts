import { describe, expect, it } from "vitest";
import { paramsOfView, rankLabel, sliceOptions, spreadLabel, viewOfParams } from "./consensus-params.ts";

const view = (search: string) => viewOfParams(new URLSearchParams(search));

describe("the consensus view in the address", () => {
  it("defaults to every season", () => {
    expect(view("")).toEqual({ kind: "seasons", slice: "all" });
  });

  it("reads a kind and its slice", () => {
    expect(view("?kind=castaways&slice=season-20")).toEqual({ kind: "castaways", slice: "season-20" });
    expect(view("?kind=seasons&slice=21-40")).toEqual({ kind: "seasons", slice: "21-40" });
    expect(view("?kind=castaways")).toEqual({ kind: "castaways", slice: "all" });
  });

  it("falls back to the default for what it does not know", () => {
    expect(view("?kind=tribes&slice=21-40")).toEqual({ kind: "seasons", slice: "21-40" });
    expect(view("?kind=seasons&slice=season-20")).toEqual({ kind: "seasons", slice: "all" });
    expect(view("?kind=castaways&slice=21-40")).toEqual({ kind: "castaways", slice: "all" });
    expect(view("?kind=castaways&slice=season-0")).toEqual({ kind: "castaways", slice: "all" });
    expect(view("?kind=castaways&slice=season-abc")).toEqual({ kind: "castaways", slice: "all" });
  });

  it("writes both params, and reads back what it wrote", () => {
    const written = paramsOfView({ kind: "castaways", slice: "season-7" });
    expect(written.toString()).toBe("kind=castaways&slice=season-7");
    expect(viewOfParams(written)).toEqual({ kind: "castaways", slice: "season-7" });
  });
});

describe("the slice picker", () => {
  it("offers the eras for seasons", () => {
    expect(sliceOptions("seasons", []).map((o) => o.id)).toEqual(["all", "1-20", "21-40", "41-on"]);
  });

  it("offers every castaway, then each season in order, for castaways", () => {
    const options = sliceOptions("castaways", [
      { number: 20, name: "Survivor: Heroes vs. Villains" },
      { number: 1, name: "Survivor: Borneo" },
    ]);
    expect(options).toEqual([
      { id: "all", label: "All castaways" },
      { id: "season-1", label: "1. Survivor: Borneo" },
      { id: "season-20", label: "20. Survivor: Heroes vs. Villains" },
    ]);
  });
});

describe("labels", () => {
  it("writes ranks and spreads", () => {
    expect(rankLabel(4)).toBe("#4");
    expect(spreadLabel(0.423)).toBe("42%");
    expect(spreadLabel(0)).toBe("0%");
  });
});
