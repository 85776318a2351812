import { describe, expect, it } from "vitest";
import { batchedRead } from "./batched-reads.ts";

/** A loader that records each batch and answers when told to. */
function gatedLoader() {
  const batches: string[][] = [];
  const gates: Array<() => void> = [];
  const load = async (keys: string[]) => {
    batches.push(keys);
    await new Promise<void>((open) => gates.push(open));
    if (keys.includes("boom")) throw new Error("query failed");
    return new Map(keys.filter((k) => !k.startsWith("missing")).map((k) => [k, k.toUpperCase()]));
  };
  const openNext = async () => {
    while (gates.length === 0) await new Promise((r) => setTimeout(r, 0));
    gates.shift()!();
  };
  return { batches, load, openNext };
}

describe("batchedRead", () => {
  it("asks once for the keys of one tick, each key once, and answers each asker", async () => {
    const { batches, load, openNext } = gatedLoader();
    const read = batchedRead(load);
    const answers = Promise.all([read("a"), read("b"), read("a"), read("missing-c")]);
    await openNext();
    expect(await answers).toEqual(["A", "B", "A", undefined]);
    expect(batches).toEqual([["a", "b", "missing-c"]]);
  });

  it("gathers the keys asked while a batch runs into the next one, never into the running one", async () => {
    const { batches, load, openNext } = gatedLoader();
    const read = batchedRead(load);
    const first = read("a");
    await new Promise((r) => setTimeout(r, 0));
    expect(batches).toEqual([["a"]]);
    const later = [read("b"), read("c"), read("d")];
    await new Promise((r) => setTimeout(r, 0));
    expect(batches).toHaveLength(1);
    await openNext();
    expect(await first).toBe("A");
    await openNext();
    expect(await Promise.all(later)).toEqual(["B", "C", "D"]);
    expect(batches).toEqual([["a"], ["b", "c", "d"]]);
  });

  it("runs up to maxInFlight batches at once and keeps each batch within maxBatch", async () => {
    const { batches, load, openNext } = gatedLoader();
    const read = batchedRead(load, { maxBatch: 2, maxInFlight: 2 });
    const all = Promise.all(["a", "b", "c", "d", "e"].map((k) => read(k)));
    await new Promise((r) => setTimeout(r, 0));
    expect(batches).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    await openNext();
    await openNext();
    await openNext();
    expect(await all).toEqual(["A", "B", "C", "D", "E"]);
    expect(batches).toEqual([["a", "b"], ["c", "d"], ["e"]]);
  });

  it("fails only the askers of a failed batch, and keeps serving after it", async () => {
    const { load, openNext } = gatedLoader();
    const read = batchedRead(load);
    const failed = [read("boom"), read("x")];
    await openNext();
    await expect(failed[0]).rejects.toThrow("query failed");
    await expect(failed[1]).rejects.toThrow("query failed");
    const next = read("y");
    await openNext();
    expect(await next).toBe("Y");
  });
});
