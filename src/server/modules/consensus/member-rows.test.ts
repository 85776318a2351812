import { describe, expect, it } from "vitest";
import { MemberRowsBuilder, replaceMembers, toRankedLists } from "./member-rows.ts";

/** Element by element (a deep equality of millions of elements takes the test runner seconds). */
const sameInts = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.prototype.every.call(a, (v: number, i: number) => v === b[i]);

describe("member rows", () => {
  it("keep 16-bit values, sorted by member, and hand the model those arrays themselves", () => {
    const built = new MemberRowsBuilder(4);
    built.row("b", [32767, -1]);
    built.row("a", [0, 5, 9]);
    built.row("a", [2]);
    const rows = built.done();
    expect(rows.values).toBeInstanceOf(Int16Array);
    expect(rows.members).toEqual(["a", "b"]);
    expect([...rows.values]).toEqual([0, 5, 9, 2, 32767, -1]);
    const model = toRankedLists(rows);
    // Not copies: lent to the fit's worker thread, which moves them back.
    expect(model.items).toBe(rows.values);
    expect(model.offsets).toBe(rows.offsets);
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

  it("copy runs of unchanged members between changed, added and removed ones, to the same rows as built afresh", () => {
    const ids = Array.from({ length: 3_000 }, (_, m) => `m${String(m).padStart(5, "0")}`);
    const row = (m: number) => Array.from({ length: 1 + (m % 40) }, (_, k) => (m + k) % 900);
    const old = new MemberRowsBuilder();
    const twoRows = (b: MemberRowsBuilder, m: number) => {
      b.row(ids[m]!, row(m));
      b.row(ids[m]!, [m % 900]);
    };
    for (const m of ids.keys()) if (m % 7 !== 3) twoRows(old, m);
    // Every 100th member saved again, every 250th gone, every 7th from 3 new.
    const changed = new Set(ids.filter((_, m) => m % 100 === 0 || m % 250 === 1 || m % 7 === 3));
    const fresh = new MemberRowsBuilder();
    for (const [m, id] of ids.entries()) if (changed.has(id) && m % 250 !== 1) fresh.row(id, [7, m % 900]);
    const next = replaceMembers(old.done(), fresh.done(), changed);
    const expected = new MemberRowsBuilder();
    for (const [m, id] of ids.entries()) {
      if (!changed.has(id)) twoRows(expected, m);
      else if (m % 250 !== 1) expected.row(id, [7, m % 900]);
    }
    const want = expected.done();
    expect(next.members).toEqual(want.members);
    expect(sameInts(next.rowStart, want.rowStart)).toBe(true);
    expect(sameInts(next.offsets, want.offsets)).toBe(true);
    expect(sameInts(next.values, want.values)).toBe(true);
    expect(sameInts(toRankedLists(next).items, want.values)).toBe(true);
  });
});
