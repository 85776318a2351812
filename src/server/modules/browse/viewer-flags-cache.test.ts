import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../db/client.ts";
import type { CacheSignals } from "../../realtime/hub.ts";
import {
  cachedViewerFlags,
  forgetViewerFlags,
  shareViewerFlags,
  VIEWER_FLAGS_SIGNAL,
  VIEWER_FLAGS_TRUST_MS,
} from "./viewer-flags-cache.ts";

const db = {} as Db;
const loader = (flags: string[]) => vi.fn(async () => new Set(flags));

describe("cachedViewerFlags", () => {
  afterEach(() => vi.useRealTimers());

  it("asks once per reader and page within a second, then again", async () => {
    vi.useFakeTimers();
    const load = loader(["u1"]);
    expect(await cachedViewerFlags(db, "reader", "page-1", load)).toEqual(new Set(["u1"]));
    await cachedViewerFlags(db, "reader", "page-1", load);
    expect(load).toHaveBeenCalledTimes(1);
    // Another page and another reader are their own.
    await cachedViewerFlags(db, "reader", "page-2", load);
    await cachedViewerFlags(db, "someone", "page-1", load);
    expect(load).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(VIEWER_FLAGS_TRUST_MS);
    await cachedViewerFlags(db, "reader", "page-1", load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("forgets a reader's flags after their own toggle", async () => {
    const before = loader([]);
    await cachedViewerFlags(db, "toggler", "page", before);
    forgetViewerFlags(db, "toggler");
    const after = loader(["fX"]);
    expect(await cachedViewerFlags(db, "toggler", "page", after)).toEqual(new Set(["fX"]));
  });

  it("does not keep a failed lookup", async () => {
    const failing = vi.fn(async (): Promise<Set<string>> => {
      throw new Error("database away");
    });
    await expect(cachedViewerFlags(db, "unlucky", "page", failing)).rejects.toThrow("database away");
    const next = loader(["u2"]);
    expect(await cachedViewerFlags(db, "unlucky", "page", next)).toEqual(new Set(["u2"]));
  });

  it("clears on another process's toggle, tells the others of one here, and trusts nothing while out of touch", async () => {
    const local = {} as Db;
    const listeners = new Map<string, () => void>();
    const sent: string[] = [];
    let synced = true;
    const signals: CacheSignals = {
      signal: (name) => void sent.push(name),
      onSignal(name, fn) {
        listeners.set(name, fn);
        return () => listeners.delete(name);
      },
      inSync: () => synced,
    };
    shareViewerFlags(local, signals);
    const load = loader([]);
    await cachedViewerFlags(local, "reader", "page", load);
    listeners.get(VIEWER_FLAGS_SIGNAL)!();
    await cachedViewerFlags(local, "reader", "page", load);
    expect(load).toHaveBeenCalledTimes(2);
    forgetViewerFlags(local, "reader");
    expect(sent).toEqual([VIEWER_FLAGS_SIGNAL]);
    synced = false;
    await cachedViewerFlags(local, "reader", "page", load);
    await cachedViewerFlags(local, "reader", "page", load);
    expect(load).toHaveBeenCalledTimes(4);
  });
});
