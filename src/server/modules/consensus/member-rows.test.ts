import { describe, expect, it } from "vitest";
import { type MemberRows, MemberRowsBuilder, replaceMembers, toRankedLists } from "./member-rows.ts";

/** Element by element (a deep equality of millions of elements takes the test runner seconds). */
const sameInts = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.prototype.every.call(a, (v: number, i: number) => v === b[i]);

/** The rows in arrays of exactly their size, or in twice as large ones. */
function withRoom(rows: MemberRows, roomy: boolean): MemberRows {
  const copy = <A extends Int32Array | Int16Array>(a: A, make: (n: number) => A): A => {
    const into = make(roomy ? a.length * 2 : a.length);
    into.set(a);
    return into.subarray(0, a.length) as A;
  };
  const int32 = (n: number) => new Int32Array(n);
  return {
    members: rows.members,
    rowStart: copy(rows.rowStart, int32),
    offsets: copy(rows.offsets, int32),
    values: copy(rows.values, (n) => new Int16Array(n)),
  };
}

describe("member rows", () => {
  it("keep 16-bit values, sorted by member, and hand the model those arrays themselves", () => {
    const built = new MemberRowsBuilder({ values: 4 });
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

  it("move runs of unchanged members between changed, added and removed ones, to the same rows as built afresh, in the old arrays when they have room", () => {
    const ids = Array.from({ length: 3_000 }, (_, m) => `m${String(m).padStart(5, "0")}`);
    const row = (m: number) => Array.from({ length: 1 + (m % 40) }, (_, k) => (m + k) % 900);
    const twoRows = (b: MemberRowsBuilder, m: number) => {
      b.row(ids[m]!, row(m));
      b.row(ids[m]!, [m % 900]);
    };
    // Every 100th member saved again (shorter), every 250th gone, every 7th from 3 new; or
    // members from the 2,000th on saved again with longer rows, so that later runs move up.
    const cases = [
      {
        changed: (m: number) => m % 100 === 0 || m % 250 === 1 || m % 7 === 3,
        now: (m: number) => (m % 250 === 1 ? null : [7, m % 900]),
      },
      {
        changed: (m: number) => m % 500 === 0 || m === 2_999,
        now: (m: number) => [...row(m), ...row(m + 1)],
      },
    ];
    for (const { changed: isChanged, now } of cases) {
      for (const roomy of [false, true]) {
        const old = new MemberRowsBuilder();
        for (const m of ids.keys()) if (m % 7 !== 3) twoRows(old, m);
        const changed = new Set(ids.filter((_, m) => isChanged(m)));
        const fresh = new MemberRowsBuilder();
        for (const [m, id] of ids.entries()) if (changed.has(id) && now(m)) fresh.row(id, now(m)!);
        const before = withRoom(old.done(), roomy);
        const next = replaceMembers(before, fresh.done(), changed);
        const expected = new MemberRowsBuilder();
        for (const [m, id] of ids.entries()) {
          if (!changed.has(id)) {
            if (m % 7 !== 3) twoRows(expected, m);
          } else if (now(m)) expected.row(id, now(m)!);
        }
        const want = expected.done();
        expect(next.members).toEqual(want.members);
        expect(sameInts(next.rowStart, want.rowStart)).toBe(true);
        expect(sameInts(next.offsets, want.offsets)).toBe(true);
        expect(sameInts(next.values, want.values)).toBe(true);
        expect(sameInts(toRankedLists(next).items, want.values)).toBe(true);
        // With room, the answer is in the old arrays; without, in new ones that have some.
        expect(next.values.buffer === before.values.buffer).toBe(roomy);
        expect(next.offsets.buffer === before.offsets.buffer).toBe(roomy);
        expect(next.rowStart.buffer === before.rowStart.buffer).toBe(roomy);
        if (!roomy) expect(next.values.buffer.byteLength).toBeGreaterThan(next.values.byteLength);
      }
    }
  });
});
