import type { Db } from "../../db/client.ts";
import type { CacheSignals } from "../../realtime/hub.ts";

interface Entry {
  value: Promise<unknown>;
  at: number;
  /** The answer once it came, and when: an answer complete before a write began cannot have seen it. */
  settled?: { answer: unknown; at: number };
}

const MAX_ENTRIES = 2_000;
const caches = new WeakMap<Db, Map<string, Entry>>();
const shared = new WeakMap<Db, { signals: CacheSignals; stop: () => void }>();

/**
 * What a cached answer is about, told by its key: a write clears only the
 * answers it can change (a comment leaves list pages alone, an upvote leaves
 * discussions and the counts of filters alone), so a busy site keeps most of
 * its cache. Counting a search is the dearest query there is.
 */
export type CacheArea = "lists" | "counts" | "discussions" | "results";
const AREAS: readonly CacheArea[] = ["lists", "counts", "discussions", "results"];
const areaOf = (key: string): CacheArea =>
  key.startsWith("discussion:")
    ? "discussions"
    : key.startsWith("category:")
      ? "results"
      : key.startsWith("count:")
        ? "counts"
        : "lists";

/** The name other processes hear when this one's answers about `area` change. */
export const browseSignal = (area: CacheArea) => `browse:${area}`;

function clearArea(db: Db, area: CacheArea): void {
  const cache = caches.get(db);
  if (!cache) return;
  for (const key of cache.keys()) if (areaOf(key) === area) cache.delete(key);
}

/**
 * A few seconds of memory for browse answers that many readers share: the
 * count of a filter, and whole pages as a visitor sees them. The promise is
 * kept, so a burst of identical requests costs one query. A write through
 * any process clears its areas everywhere (forgetBrowseCache and the hub's
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
  const entry: Entry = { value, at: Date.now() };
  cache.set(key, entry);
  value.then(
    (answer) => {
      entry.settled = { answer, at: performance.now() };
    },
    () => {
      if (cache.get(key) === entry) cache.delete(key);
    },
  );
  return value;
}

/**
 * Called after a write commits, with the areas it changes (all of them for a
 * name or a picture, which show everywhere): drops this process's copies at
 * once and tells the others, which drop theirs when they hear it.
 */
export function forgetBrowseCache(db: Db, areas: readonly CacheArea[] = AREAS): void {
  for (const area of areas) {
    clearArea(db, area);
    shared.get(db)?.signals.signal(browseSignal(area));
  }
}

/** When a write begins, on the clock `updateCached` compares answers with (finer than milliseconds). */
export const writeBegins = (): number => performance.now();

/**
 * Brings this process's answers in `area` up to date after a write that
 * began at `since` (writeBegins), instead of dropping them: `update(key,
 * answer)` gives the new answer, or undefined to drop it. Only answers
 * complete before the write began are updated (they cannot have seen it);
 * the others are dropped, and so are the other processes' (the area's
 * signal). `whenever: true` also hands `update` the answers completed while
 * the write ran, for an update that keeps an answer only where the write
 * cannot show in it, seen or not (a busy site always has a save running,
 * and would otherwise rebuild every page it builds).
 */
export function updateCached(
  db: Db,
  area: CacheArea,
  since: number,
  update: (key: string, answer: unknown) => unknown,
  { whenever = false }: { whenever?: boolean } = {},
): void {
  const cache = caches.get(db);
  for (const [key, entry] of cache ?? []) {
    if (areaOf(key) !== area) continue;
    const usable = entry.settled && (whenever || entry.settled.at < since);
    const answer = usable ? update(key, entry.settled!.answer) : undefined;
    if (answer === undefined) {
      cache!.delete(key);
      continue;
    }
    entry.settled = { answer, at: entry.settled!.at };
    entry.value = Promise.resolve(answer);
  }
  shared.get(db)?.signals.signal(browseSignal(area));
}

/**
 * Drops this process's answers whose keys start with `prefix` (one
 * discussion after a comment in it); other processes drop theirs on the
 * write's own event, which names what changed.
 */
export function forgetCachedPrefix(db: Db, prefix: string): void {
  const cache = caches.get(db);
  if (!cache) return;
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
}

/**
 * Joins this database's browse cache to the other processes on it (app.ts,
 * once per app): their writes clear it here, ours are signalled to them.
 */
export function shareBrowseCache(db: Db, signals: CacheSignals): void {
  shared.get(db)?.stop();
  const stops = AREAS.map((area) => signals.onSignal(browseSignal(area), () => clearArea(db, area)));
  shared.set(db, { signals, stop: () => stops.forEach((stop) => stop()) });
}
