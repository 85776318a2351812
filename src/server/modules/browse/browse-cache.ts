import type { Db } from "../../db/client.ts";

interface Entry {
  value: Promise<unknown>;
  at: number;
}

const MAX_ENTRIES = 2_000;
const caches = new WeakMap<Db, Map<string, Entry>>();

/**
 * A few seconds of memory for browse answers that many readers share: the
 * count of a filter, and whole pages as a visitor sees them. The promise is
 * kept, so a burst of identical requests costs one query. A write through
 * this process clears everything (forgetBrowseCache); other processes catch
 * up within the TTL.
 */
export function cached<T>(db: Db, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
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

/** Called after a list, an upvote or a favourite changes. */
export function forgetBrowseCache(db: Db): void {
  caches.get(db)?.clear();
}
