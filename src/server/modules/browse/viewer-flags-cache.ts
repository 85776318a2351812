import type { Db } from "../../db/client.ts";

/**
 * How long a reader's flags for one page are trusted. Their own toggles
 * through this process clear them at once (forgetViewerFlags); a toggle
 * through another process shows here within this time.
 */
export const VIEWER_FLAGS_TRUST_MS = 1000;
const MAX_VIEWERS = 20_000;

interface Entry {
  value: Promise<ReadonlySet<string>>;
  at: number;
}

// Per database (tests run many), per reader, per page of cards.
const caches = new WeakMap<Db, Map<string, Map<string, Entry>>>();

/**
 * A second of memory for the per-reader overlay of shared pages (which cards
 * I favourited or upvoted): a reader paging back and forth, or a page and its
 * refetch, costs one query, not one each.
 */
export function cachedViewerFlags(
  db: Db,
  viewerId: string,
  pageKey: string,
  load: () => Promise<ReadonlySet<string>>,
): Promise<ReadonlySet<string>> {
  let viewers = caches.get(db);
  if (!viewers) caches.set(db, (viewers = new Map()));
  let pages = viewers.get(viewerId);
  const hit = pages?.get(pageKey);
  if (hit && Date.now() - hit.at < VIEWER_FLAGS_TRUST_MS) return hit.value;
  if (!pages) {
    if (viewers.size >= MAX_VIEWERS) viewers.clear();
    viewers.set(viewerId, (pages = new Map()));
  }
  // Old pages of this reader go as new ones come: a reader holds a handful.
  for (const [key, entry] of pages) if (Date.now() - entry.at >= VIEWER_FLAGS_TRUST_MS) pages.delete(key);
  const entry = { value: load(), at: Date.now() };
  pages.set(pageKey, entry);
  entry.value.catch(() => {
    if (pages.get(pageKey) === entry) pages.delete(pageKey);
  });
  return entry.value;
}

/** After the reader's own upvote or favourite: their next page shows it. */
export function forgetViewerFlags(db: Db, viewerId: string): void {
  caches.get(db)?.delete(viewerId);
}
