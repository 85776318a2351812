import type { Db } from "../../db/client.ts";
import type { CacheSignals } from "../../realtime/hub.ts";

interface Entry {
  value: Promise<unknown>;
  at: number;
}

const MAX_ENTRIES = 2_000;
const caches = new WeakMap<Db, Map<string, Entry>>();
const shared = new WeakMap<Db, { signals: CacheSignals; stop: () => void }>();

/** The name other processes hear when this one's browse answers change. */
export const BROWSE_SIGNAL = "browse";

/**
 * A few seconds of memory for browse answers that many readers share: the
 * count of a filter, and whole pages as a visitor sees them. The promise is
 * kept, so a burst of identical requests costs one query. A write through
 * any process clears everything everywhere (forgetBrowseCache and the hub's
 * signal), so the TTL is a bound on memory, not on staleness; while the hub
 * cannot hear other processes nothing is served from here.
 */
export function cached<T>(db: Db, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const signals = shared.get(db)?.signals;
  if (signals && !signals.inSync()) {
    cache.clear();
    return load();
  }
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < ttlMs) return hit.value as Promise<T>;
  const value = load();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const entry = { value, at: Date.now() };
  cache.set(key, entry);
  value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/**
 * Called after a list, an upvote, a favourite, a comment, a submission or a
 * name changes (after its transaction commits): drops this process's copies
 * at once and tells the others, which drop theirs when they hear it.
 */
export function forgetBrowseCache(db: Db): void {
  caches.get(db)?.clear();
  shared.get(db)?.signals.signal(BROWSE_SIGNAL);
}

/**
 * Joins this database's browse cache to the other processes on it (app.ts,
 * once per app): their writes clear it here, ours are signalled to them.
 */
export function shareBrowseCache(db: Db, signals: CacheSignals): void {
  shared.get(db)?.stop();
  const stop = signals.onSignal(BROWSE_SIGNAL, () => caches.get(db)?.clear());
  shared.set(db, { signals, stop });
}
