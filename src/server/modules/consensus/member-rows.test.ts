import { describe, expect, it } from "vitest";
import { MemberRowsBuilder, replaceMembers, toRankedLists } from "./member-rows.ts";

describe("member rows", () => {
  it("keep 16-bit values, sorted by member, and hand the model 32-bit copies", () => {
    const built = new MemberRowsBuilder(4);
    built.row("b", [32767, -1]);
    built.row("a", [0, 5, 9]);
    built.row("a", [2]);
    const rows = built.done();
    expect(rows.values).toBeInstanceOf(Int16Array);
    expect(rows.members).toEqual(["a", "b"]);
    expect([...rows.values]).toEqual([0, 5, 9, 2, 32767, -1]);
    const model = toRankedLists(rows);
    expect(model.items).toBeInstanceOf(Int32Array);
    expect([...model.items]).toEqual([0, 5, 9, 2, 32767, -1]);
    expect([...model.member]).toEqual([0, 0, 1]);
    expect([...model.offsets]).toEqual([0, 3, 4, 6]);
  });

  it("refuse a value 16 bits cannot hold, rather than keep a wrong one", () => {
    const built = new MemberRowsBuilder();
    expect(() => built.row("a", [32768])).toThrow(RangeError);
    expect(() => built.row("a", [-32769])).toThrow(RangeError);
    expect(() => built.row("a", [1.5])).toThrow(RangeError);
  });

  it("replace a changed member's rows and keep everyone else's", () => {
    const old = new MemberRowsBuilder();
    old.row("a", [1]);
    old.row("b", [2, 3]);
    old.row("c", [4]);
    const fresh = new MemberRowsBuilder();
    fresh.row("b", [7]);
    fresh.row("d", [8]);
    const next = replaceMembers(old.done(), fresh.done(), new Set(["b", "c", "d"]));
    expect(next.members).toEqual(["a", "b", "d"]);
    expect([...next.values]).toEqual([1, 7, 8]);
  });
});
