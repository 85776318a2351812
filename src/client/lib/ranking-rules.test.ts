import { describe, expect, it } from "vitest";
import { LIST_MESSAGES } from "#shared/lists.ts";
import {
  addItem,
  insertionIndex,
  isMove,
  mixAlertMessage,
  mixConflict,
  mixInlineMessage,
  moveItem,
  removeItem,
} from "./ranking-rules.ts";

const castaway = (id: string) => ({ id, isSeason: false });
const season = (id: string) => ({ id, isSeason: true });

describe("mixing seasons and contestants", () => {
  it("finds no conflict in an empty list or one of the same kind", () => {
    expect(mixConflict([], castaway("s1-rich"))).toBeNull();
    expect(mixConflict([], season("s1"))).toBeNull();
    expect(mixConflict(["s1-rich"], castaway("s2-rob"))).toBeNull();
    expect(mixConflict(["s1"], season("s2"))).toBeNull();
  });

  it("names what the list already holds", () => {
    expect(mixConflict(["s1"], castaway("s1-rich"))).toBe("list-has-seasons");
    expect(mixConflict(["s1-rich"], season("s1"))).toBe("list-has-contestants");
  });

  it("uses the product's texts", () => {
    expect(mixInlineMessage("list-has-seasons")).toBe("Cannot mix seasons and contestants.");
    expect(mixInlineMessage("list-has-contestants")).toBe("Cannot mix contestants and seasons.");
    expect(mixAlertMessage("list-has-contestants")).toBe(LIST_MESSAGES.mixAlertHasContestants);
    expect(mixAlertMessage("list-has-seasons")).toBe(LIST_MESSAGES.mixAlertHasSeasons);
  });
});

describe("addItem", () => {
  it("appends by default and inserts at an index", () => {
    expect(addItem(["s1-a"], castaway("s1-b"))).toEqual({ kind: "added", items: ["s1-a", "s1-b"] });
    expect(addItem(["s1-a", "s1-b"], castaway("s1-c"), 1)).toEqual({
      kind: "added",
      items: ["s1-a", "s1-c", "s1-b"],
    });
    expect(addItem(["s1-a"], castaway("s1-c"), 99)).toEqual({ kind: "added", items: ["s1-a", "s1-c"] });
    expect(addItem(["s1-a"], castaway("s1-c"), -3)).toEqual({ kind: "added", items: ["s1-c", "s1-a"] });
  });

  it("silently ignores a duplicate", () => {
    expect(addItem(["s1-a", "s1-b"], castaway("s1-a"), 0)).toEqual({ kind: "ignored" });
  });

  it("refuses a mix", () => {
    expect(addItem(["s1"], castaway("s1-a"))).toEqual({ kind: "mixed", conflict: "list-has-seasons" });
    expect(addItem(["s1-a"], season("s1"))).toEqual({ kind: "mixed", conflict: "list-has-contestants" });
  });
});

describe("moving and removing", () => {
  it("moves an entry up and down", () => {
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
  });

  it("ignores moves out of range", () => {
    expect(moveItem(["a", "b"], 0, -1)).toEqual(["a", "b"]);
    expect(moveItem(["a", "b"], 1, 2)).toEqual(["a", "b"]);
  });

  it("removes by id", () => {
    expect(removeItem(["a", "b", "c"], "b")).toEqual(["a", "c"]);
  });
});

describe("insertionIndex", () => {
  const row = { top: 100, height: 60 }; // centre at 130

  it("goes before the row when the dragged centre is above the row's centre", () => {
    expect(insertionIndex(5, { index: 2, rect: row }, { top: 80, height: 60 })).toBe(2);
  });

  it("goes after the row when the dragged centre is below it", () => {
    expect(insertionIndex(5, { index: 2, rect: row }, { top: 120, height: 60 })).toBe(3);
  });

  it("appends when dropped on the list but not on a row", () => {
    expect(insertionIndex(5, null, { top: 0, height: 10 })).toBe(5);
    expect(insertionIndex(0, null, null)).toBe(0);
    expect(insertionIndex(3, { index: -1, rect: row }, null)).toBe(3);
  });

  it("goes after the row when the dragged item has no rect", () => {
    expect(insertionIndex(3, { index: 0, rect: row }, null)).toBe(1);
  });
});

describe("entries carrying ids", () => {
  const a = { id: "a" };
  const b = { id: "b" };
  it("moves and removes objects as it does ids", () => {
    expect(moveItem([a, b], 0, 1)).toEqual([b, a]);
    expect(removeItem([a, b], "a")).toEqual([b]);
  });
  it("tells a real move from one that changes nothing", () => {
    expect(isMove(3, 0, 2)).toBe(true);
    expect(isMove(3, 1, 1)).toBe(false);
    expect(isMove(2, 1, 2)).toBe(false);
    expect(isMove(2, -1, 0)).toBe(false);
  });
});
