import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import type { CacheSignals } from "../../realtime/hub.ts";
import {
  browseSignal,
  cached,
  forgetBrowseCache,
  forgetCachedPrefix,
  shareBrowseCache,
  updateCached,
  writeBegins,
} from "./browse-cache.ts";

/** Stands in for the hub: records what this process signals, and plays what others would. */
function fakeSignals() {
  const listeners = new Map<string, () => void>();
  const sent: string[] = [];
  const signals: CacheSignals & { sent: string[]; hear(name: string): void; synced: boolean } = {
    sent,
    synced: true,
    signal: (name) => void sent.push(name),
    onSignal(name, fn) {
      listeners.set(name, fn);
      return () => listeners.delete(name);
    },
    inSync: () => signals.synced,
    hear: (name) => listeners.get(name)?.(),
  };
  return signals;
}

/** A loader that counts its calls and answers with the count. */
function counter() {
  let loads = 0;
  return { load: () => Promise.resolve(++loads), loads: () => loads };
}

describe("browse cache across processes", () => {
  it("keeps an answer until another process signals a change", async () => {
    const db = {} as Db;
    const signals = fakeSignals();
    shareBrowseCache(db, signals);
    const c = counter();
    expect(await cached(db, "page", 60_000, c.load)).toBe(1);
    expect(await cached(db, "page", 60_000, c.load)).toBe(1);
    signals.hear(browseSignal("lists"));
    expect(await cached(db, "page", 60_000, c.load)).toBe(2);
    signals.hear("comments-of-something-else");
    expect(await cached(db, "page", 60_000, c.load)).toBe(2);
  });

  it("tells the other processes when a write here clears it", async () => {
    const db = {} as Db;
    const signals = fakeSignals();
    shareBrowseCache(db, signals);
    const c = counter();
    await cached(db, "page", 60_000, c.load);
    forgetBrowseCache(db, ["lists"]);
    expect(signals.sent).toEqual([browseSignal("lists")]);
    expect(await cached(db, "page", 60_000, c.load)).toBe(2);
  });

  it("serves nothing from memory while other processes' signals could be missed", async () => {
    const db = {} as Db;
    const signals = fakeSignals();
    shareBrowseCache(db, signals);
    const c = counter();
    await cached(db, "page", 60_000, c.load);
    signals.synced = false;
    expect(await cached(db, "page", 60_000, c.load)).toBe(2);
    expect(await cached(db, "page", 60_000, c.load)).toBe(3);
    signals.synced = true;
    expect(await cached(db, "page", 60_000, c.load)).toBe(4);
    expect(await cached(db, "page", 60_000, c.load)).toBe(4);
  });

  it("clears only the areas a write changes, here and when another process signals them", async () => {
    const db = {} as Db;
    const signals = fakeSignals();
    shareBrowseCache(db, signals);
    const page = counter();
    const count = counter();
    const discussion = counter();
    const results = counter();
    const all = () =>
      Promise.all([
        cached(db, "page:{}", 60_000, page.load),
        cached(db, "count:[]", 60_000, count.load),
        cached(db, "discussion:l:u:l:new", 60_000, discussion.load),
        cached(db, "category:season-49", 60_000, results.load),
      ]);
    expect(await all()).toEqual([1, 1, 1, 1]);
    forgetBrowseCache(db, ["discussions"]);
    expect(await all()).toEqual([1, 1, 2, 1]);
    signals.hear(browseSignal("results"));
    expect(await all()).toEqual([1, 1, 2, 2]);
    // An upvote changes pages, not how many lists a filter matches.
    forgetBrowseCache(db, ["lists"]);
    expect(await all()).toEqual([2, 1, 2, 2]);
    signals.hear(browseSignal("counts"));
    expect(await all()).toEqual([2, 2, 2, 2]);
    // A name or a picture shows everywhere: everything goes, and every area is signalled.
    forgetBrowseCache(db);
    expect(await all()).toEqual([3, 3, 3, 3]);
    expect(signals.sent.slice(-4)).toEqual(
      ["lists", "counts", "discussions", "results"].map((a) => `browse:${a}`),
    );
  });

  it("updates answers that came before a write began, drops later and unfinished ones, and tells the others", async () => {
    const db = {} as Db;
    const signals = fakeSignals();
    shareBrowseCache(db, signals);
    expect(await cached(db, "count:old", 60_000, async () => 10)).toBe(10);
    const since = writeBegins();
    expect(await cached(db, "count:late", 60_000, async () => 20)).toBe(20);
    let finish!: (n: number) => void;
    void cached(db, "count:pending", 60_000, () => new Promise<number>((resolve) => (finish = resolve)));
    updateCached(db, "counts", since, (_key, n) => (n as number) + 1);
    finish(30);
    const again = counter();
    expect(await cached(db, "count:old", 60_000, again.load)).toBe(11);
    expect(await cached(db, "count:late", 60_000, again.load)).toBe(1);
    expect(await cached(db, "count:pending", 60_000, again.load)).toBe(2);
    expect(signals.sent.at(-1)).toBe("browse:counts");
  });

  it("forgets one discussion by its prefix and keeps the others", async () => {
    const db = {} as Db;
    const one = counter();
    const other = counter();
    const both = () =>
      Promise.all([
        cached(db, "discussion:l:u:l1:new", 60_000, one.load),
        cached(db, "discussion:l:u:l2:new", 60_000, other.load),
      ]);
    expect(await both()).toEqual([1, 1]);
    forgetCachedPrefix(db, "discussion:l:u:l1:");
    expect(await both()).toEqual([2, 1]);
  });

  it("works alone (no hub) as a plain TTL cache", async () => {
    const db = {} as Db;
    const c = counter();
    expect(await cached(db, "page", 60_000, c.load)).toBe(1);
    forgetBrowseCache(db);
    expect(await cached(db, "page", 60_000, c.load)).toBe(2);
  });
});
