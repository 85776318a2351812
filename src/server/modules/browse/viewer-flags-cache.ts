import type { Db } from "../../db/client.ts";
import type { CacheSignals } from "../../realtime/hub.ts";

/**
 * How long a reader's flags for one page are trusted at most. Their toggles
 * clear them at once, here (forgetViewerFlags) and, through the hub's
 * signal, on every other process.
 */
export const VIEWER_FLAGS_TRUST_MS = 1000;
const MAX_VIEWERS = 20_000;

interface Entry {
  value: Promise<ReadonlySet<string>>;
  at: number;
}

// Per database (tests run many), per reader, per page of cards.
const caches = new WeakMap<Db, Map<string, Map<string, Entry>>>();
const shared = new WeakMap<Db, { signals: CacheSignals; stop: () => void }>();

/** The name other processes hear when a reader here upvotes or favourites. */
export const VIEWER_FLAGS_SIGNAL = "viewer-flags";

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
  const signals = shared.get(db)?.signals;
  if (signals && !signals.inSync()) {
    // Another process's toggle could go unheard: ask every time until it can be heard again.
    viewers.clear();
    return load();
  }
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

/** After the reader's own upvote or favourite: their next page shows it, on every process. */
export function forgetViewerFlags(db: Db, viewerId: string): void {
  caches.get(db)?.delete(viewerId);
  shared.get(db)?.signals.signal(VIEWER_FLAGS_SIGNAL);
}

/**
 * Joins the flags cache to the other processes on the database (app.ts): a
 * toggle there clears every reader's flags here (the signal names no reader;
 * refilling costs one query per reader and page).
 */
export function shareViewerFlags(db: Db, signals: CacheSignals): void {
  shared.get(db)?.stop();
  const stop = signals.onSignal(VIEWER_FLAGS_SIGNAL, () => caches.get(db)?.clear());
  shared.set(db, { signals, stop });
}
