import { describe, expect, it } from "vitest";
import { readerMemo } from "./reader-memo.ts";

describe("readerMemo", () => {
  it("loads each reader's answer once, forgets failures, and starts over past its size", async () => {
    const memo = readerMemo<number>(2);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await memo("a", load)).toBe(1);
    expect(await memo("a", load)).toBe(1);
    expect(await memo("b", load)).toBe(2);
    await expect(memo("c", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    // "c" failed: the next read loads again (and, past two readers, all are forgotten).
    expect(await memo("c", load)).toBe(3);
    expect(await memo("a", load)).toBe(4);
  });
});
