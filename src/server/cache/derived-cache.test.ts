import { afterEach, describe, expect, it, vi } from "vitest";
import { writeBegins } from "../events/domain-event-map.ts";
import { DerivedCache } from "./derived-cache.ts";

/** A loader that counts its calls and answers with the count. */
function counter() {
  let loads = 0;
  return { load: () => Promise.resolve(++loads), loads: () => loads };
}

const sync = { enabled: true, inSync: () => true };
const cacheOf = (
  options: Partial<ConstructorParameters<typeof DerivedCache<string, number>>[0]> = {},
  s = sync,
) =>
  new DerivedCache<string, number>(
    { name: "test", key: (k) => k, bound: { entries: 100, ttlMs: 60_000 }, ...options },
    s,
  );

afterEach(() => vi.useRealTimers());

describe("a derived cache", () => {
  it("keeps an answer for its time, and a burst of reads shares one load", async () => {
    vi.useFakeTimers();
    const cache = cacheOf({ bound: { entries: 10, ttlMs: 1000 } });
    const c = counter();
    expect(await Promise.all([cache.get("a", c.load), cache.get("a", c.load)])).toEqual([1, 1]);
    expect(await cache.get("b", c.load)).toBe(2);
    vi.advanceTimersByTime(1000);
    expect(await cache.get("a", c.load)).toBe(3);
  });

  it("holds at most its bound, the oldest going first", async () => {
    const cache = cacheOf({ bound: { entries: 2, ttlMs: 60_000 } });
    const c = counter();
    await cache.get("a", c.load);
    await cache.get("b", c.load);
    await cache.get("c", c.load);
    expect(cache.size).toBe(2);
    expect(await cache.get("b", c.load)).toBe(2);
    expect(await cache.get("a", c.load)).toBe(4);
  });

  it("bounded in bytes, keeps what fits, the oldest going first", async () => {
    // Each answer weighs what it is: three of 30 bytes fit in 100, a fourth does not.
    const cache = cacheOf({ bound: { entries: 100, ttlMs: 60_000, bytes: 100 }, weigh: (n) => n });
    await cache.get("a", async () => 30);
    await cache.get("b", async () => 30);
    await cache.get("c", async () => 30);
    expect(cache.bytes).toBe(90);
    await cache.get("d", async () => 30);
    // 120 bytes: a, the oldest, went; b, c and d fit.
    expect(cache.bytes).toBe(90);
    expect(cache.peek("a")).toBeUndefined();
    expect([cache.peek("b"), cache.peek("c"), cache.peek("d")]).toEqual([30, 30, 30]);
    cache.forget("c");
    expect(cache.bytes).toBe(60);
  });

  it("hands an answer larger than its bound in bytes to its readers without keeping it or losing the others", async () => {
    const cache = cacheOf({ bound: { entries: 100, ttlMs: 60_000, bytes: 100 }, weigh: (n) => n });
    await cache.get("small", async () => 40);
    expect(await cache.get("huge", async () => 500)).toBe(500);
    expect(cache.peek("huge")).toBeUndefined();
    expect(cache.peek("small")).toBe(40);
    expect(cache.bytes).toBe(40);
    cache.set("huge", 500);
    expect(cache.peek("huge")).toBeUndefined();
    expect(cache.bytes).toBe(40);
  });

  it("weighs an answer again when a write changes it, and sheds what no longer fits", async () => {
    const cache = cacheOf({ bound: { entries: 100, ttlMs: 60_000, bytes: 100 }, weigh: (n) => n });
    await cache.get("a", async () => 40);
    await cache.get("b", async () => 40);
    cache.update(Infinity, (key, n) => (key === "b" ? 70 : n));
    // 110 bytes: a, the oldest, made room.
    expect(cache.peek("a")).toBeUndefined();
    expect(cache.peek("b")).toBe(70);
    expect(cache.bytes).toBe(70);
    cache.revise((_key, n) => n - 50);
    expect(cache.bytes).toBe(20);
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it("refuses a bound in bytes without a way to weigh answers", () => {
    expect(() => cacheOf({ bound: { entries: 10, ttlMs: 1000, bytes: 100 } })).toThrow(/weighs nothing/);
  });

  it("lets expired answers go as new ones come, though nobody asks for them again", async () => {
    vi.useFakeTimers();
    const cache = cacheOf({ bound: { entries: 100, ttlMs: 1000 } });
    const c = counter();
    await cache.get("a", c.load);
    await cache.get("b", c.load);
    vi.advanceTimersByTime(600);
    await cache.get("c", c.load);
    expect(cache.size).toBe(3);
    vi.advanceTimersByTime(400);
    await cache.get("d", c.load);
    // a and b are a second old: gone; c is still fresh and stays.
    expect(cache.size).toBe(2);
    expect(await cache.get("c", c.load)).toBe(3);
  });

  it("forgets a failed load", async () => {
    const cache = cacheOf();
    await expect(cache.get("a", () => Promise.reject(new Error("database away")))).rejects.toThrow();
    expect(await cache.get("a", async () => 7)).toBe(7);
  });

  it("serves and keeps nothing while events of other processes could be missed", async () => {
    let inSync = true;
    const cache = cacheOf({}, { enabled: true, inSync: () => inSync });
    const c = counter();
    await cache.get("a", c.load);
    inSync = false;
    expect(await cache.get("a", c.load)).toBe(2);
    expect(await cache.get("a", c.load)).toBe(3);
    cache.set("a", 100);
    inSync = true;
    expect(await cache.get("a", c.load)).toBe(4);
    expect(await cache.get("a", c.load)).toBe(4);
  });

  it("switched off, loads every time", async () => {
    const cache = cacheOf({}, { enabled: false, inSync: () => true });
    const c = counter();
    await cache.get("a", c.load);
    cache.set("a", 100);
    expect(await cache.get("a", c.load)).toBe(2);
    expect(cache.peek("a")).toBeUndefined();
  });

  it("updates answers complete before a write began, drops later and unfinished ones", async () => {
    const cache = cacheOf();
    expect(await cache.get("old", async () => 10)).toBe(10);
    const began = writeBegins();
    expect(await cache.get("late", async () => 20)).toBe(20);
    let finish!: (n: number) => void;
    void cache.get("pending", () => new Promise<number>((resolve) => (finish = resolve)));
    cache.update(began, (_key, n) => n + 1);
    finish(30);
    const again = counter();
    expect(await cache.get("old", again.load)).toBe(11);
    expect(await cache.get("late", again.load)).toBe(1);
    expect(await cache.get("pending", again.load)).toBe(2);
  });

  it("with `whenever`, hands over answers completed during the write too", async () => {
    const cache = cacheOf();
    const began = writeBegins();
    await cache.get("late", async () => 20);
    cache.update(began, (key, n) => (key === "late" ? n : undefined), { whenever: true });
    expect(cache.peek("late")).toBe(20);
  });

  it("with `unaffected`, keeps a late answer the write cannot show in, and drops the rest", async () => {
    const cache = cacheOf();
    const began = writeBegins();
    await cache.get("late-same", async () => 5);
    await cache.get("late-moved", async () => 6);
    cache.update(began, (_key, n) => n + 1, { unaffected: (key, n) => key.endsWith("-same") && n === 5 });
    const again = counter();
    expect(await cache.get("late-same", again.load)).toBe(5);
    expect(await cache.get("late-moved", again.load)).toBe(1);
  });

  it("asks `unaffected` of an answer still coming when it comes: kept, or read again for whoever asks after the write", async () => {
    const cache = cacheOf();
    const began = writeBegins();
    const reads = { same: 0, moved: 0 };
    // Each read of a key answers with how many times that key was read: 1, then 2.
    const loadOf = (key: "same" | "moved") => () =>
      new Promise<number>((resolve) => setTimeout(() => resolve(++reads[key]), 5));
    const askedBefore = {
      same: cache.get("same", loadOf("same")),
      moved: cache.get("moved", loadOf("moved")),
    };
    cache.update(began, (_key, n) => n + 100, { unaffected: (key) => key === "same" });
    const askedAfter = {
      same: cache.get("same", loadOf("same")),
      moved: cache.get("moved", loadOf("moved")),
    };
    // Asked before the write: the answer read then, whatever the write did.
    expect(await askedBefore.same).toBe(1);
    expect(await askedBefore.moved).toBe(1);
    // Asked after: the same answer where the write cannot show in it, otherwise one read again.
    expect(await askedAfter.same).toBe(1);
    expect(await askedAfter.moved).toBe(2);
    expect(reads).toEqual({ same: 1, moved: 2 });
    // The answer read again is the one kept.
    expect(cache.peek("moved")).toBe(2);
    expect(cache.peek("same")).toBe(1);
  });

  it("decides on the answer itself for one still coming: a page without the changed card stays", async () => {
    const cache = cacheOf();
    const began = writeBegins();
    const finish: Record<string, (n: number) => void> = {};
    const coming = (key: string) => () => new Promise<number>((resolve) => (finish[key] = resolve));
    const before = {
      without: cache.get("without", coming("without")),
      with: cache.get("with", coming("with")),
    };
    // The write shows in answer 7 only.
    cache.update(began, () => undefined, { unaffected: (_key, n) => n !== 7 });
    const after = {
      without: cache.get("without", () => Promise.resolve(99)),
      with: cache.get("with", () => Promise.resolve(99)),
    };
    finish.without!(3);
    finish.with!(7);
    expect(await before.without).toBe(3);
    expect(await before.with).toBe(7);
    expect(await after.without).toBe(3);
    // Read again with the loader it was first read with, which is still coming.
    await new Promise((r) => setTimeout(r, 0));
    finish.with!(8);
    expect(await after.with).toBe(8);
    expect(cache.peek("with")).toBe(8);
  });

  it("revises every answer, those still coming as they come, without reading any again", async () => {
    const cache = cacheOf();
    const c = counter();
    expect(await cache.get("settled", c.load)).toBe(1);
    let finish!: (n: number) => void;
    const askedBefore = cache.get("coming", () => new Promise<number>((resolve) => (finish = resolve)));
    // Two writes while one answer is still coming: each revision applies once, in order.
    cache.revise((_key, n) => n * 10);
    cache.revise((_key, n) => n + 1);
    expect(cache.peek("settled")).toBe(11);
    const askedAfter = cache.get("coming", c.load);
    finish(5);
    expect(await askedAfter).toBe(51);
    expect(cache.peek("coming")).toBe(51);
    expect(await cache.get("coming", c.load)).toBe(51);
    // Nothing was read again; whoever asked before the writes holds the answer as read.
    expect(c.loads()).toBe(1);
    expect(await askedBefore).toBe(5);
  });

  it("drops a group's answers together, and only those", async () => {
    const cache = cacheOf({ group: (k) => k.split(":")[0] });
    const c = counter();
    for (const k of ["r1:p1", "r1:p2", "r2:p1"]) await cache.get(k, c.load);
    cache.dropGroup("r1");
    expect(cache.peek("r1:p1")).toBeUndefined();
    expect(cache.peek("r1:p2")).toBeUndefined();
    expect(cache.peek("r2:p1")).toBe(3);
    expect(cache.size).toBe(1);
  });

  it("groups kept answers by what they hold when the group comes from the answer", () => {
    const cache = new DerivedCache<string, { owner: string }>(
      { name: "t", key: (k) => k, group: (_k, v) => v?.owner, bound: { entries: 10, ttlMs: 60_000 } },
      sync,
    );
    cache.set("token-1", { owner: "ann" });
    cache.set("token-2", { owner: "bob" });
    cache.dropGroup("ann");
    expect(cache.peek("token-1")).toBeUndefined();
    expect(cache.peek("token-2")).toEqual({ owner: "bob" });
  });

  it("visits only the answers that show what a write changed, and those still coming, when the write names it", async () => {
    const pages = new DerivedCache<string, string[]>(
      {
        name: "pages",
        key: (k) => k,
        mentions: (_k, lists) => lists,
        bound: { entries: 100, ttlMs: 60_000 },
      },
      sync,
    );
    await pages.get("p1", async () => ["x", "y"]);
    await pages.get("p2", async () => ["z"]);
    let arrive!: (lists: string[]) => void;
    void pages.get("p3", () => new Promise((resolve) => (arrive = resolve)));
    const visitsFor = (thing: string, replace?: (lists: string[]) => string[]) => {
      const handed: string[] = [];
      const asked: string[] = [];
      pages.update(
        Infinity,
        (key, lists) => {
          handed.push(key);
          return replace ? replace(lists) : lists;
        },
        { mentioning: thing, unaffected: (key) => (asked.push(key), true) },
      );
      return { handed, asked };
    };

    // The answer still coming is asked about when it comes; p2 is not visited.
    expect(visitsFor("x", (lists) => [...lists.filter((l) => l !== "y"), "w"])).toEqual({
      handed: ["p1"],
      asked: [],
    });
    arrive(["x"]);
    expect(await pages.get("p3", async () => ["read again"])).toEqual(["x"]);
    // p1 now shows x and w, not y; p3 shows x.
    expect(visitsFor("y").handed).toEqual([]);
    expect(visitsFor("w").handed).toEqual(["p1"]);
    expect(visitsFor("x").handed.sort()).toEqual(["p1", "p3"]);
    pages.forget("p1");
    expect(visitsFor("x").handed).toEqual(["p3"]);
    // Without a name, every answer is visited.
    const all: string[] = [];
    pages.update(Infinity, (key, lists) => (all.push(key), lists));
    expect(all.sort()).toEqual(["p2", "p3"]);
  });
});
