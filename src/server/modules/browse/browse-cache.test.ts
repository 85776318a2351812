import { describe, expect, it } from "vitest";
import type { Db } from "../../db/client.ts";
import type { CacheSignals } from "../../realtime/hub.ts";
import { BROWSE_SIGNAL, cached, forgetBrowseCache, shareBrowseCache } from "./browse-cache.ts";

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
    signals.hear(BROWSE_SIGNAL);
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
    forgetBrowseCache(db);
    expect(signals.sent).toEqual([BROWSE_SIGNAL]);
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

  it("works alone (no hub) as a plain TTL cache", async () => {
    const db = {} as Db;
    const c = counter();
    expect(await cached(db, "page", 60_000, c.load)).toBe(1);
    forgetBrowseCache(db);
    expect(await cached(db, "page", 60_000, c.load)).toBe(2);
  });
});
