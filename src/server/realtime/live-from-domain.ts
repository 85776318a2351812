import type { DomainEvents } from "../events/domain-events.ts";
import type { LiveEvents } from "./live-events.ts";

/** Under load, one results event per category per second is enough for watchers. */
export const RESULTS_EVENT_INTERVAL_MS = 1000;

/**
 * What open pages hear of each write. Every process does this for every
 * domain event it hears, so a stream on any process gets the events of
 * writes made on any other.
 */
export function liveFromDomain(events: DomainEvents, live: LiveEvents): void {
  const ring = (notified: readonly string[]) => {
    for (const userId of notified) live.publish("notifications", {}, userId);
  };
  events.on("comment-posted", (e) => {
    live.publish("comments", e.target);
    ring(e.notified);
  });
  events.on("comment-voted", (e) => {
    live.publish("comments", e.target);
    ring(e.notified);
  });
  events.on("comment-deleted", (e) => live.publish("comments", e.target));
  events.on("upvote-toggled", (e) => ring(e.notified));
  events.on("reference-list-saved", (e) =>
    live.publish("reference-lists", { id: e.id, updatedAt: e.updatedAt }),
  );
  const results = coalesced(RESULTS_EVENT_INTERVAL_MS, (categoryId) =>
    live.publish("global-rankings", { categoryId }),
  );
  events.on("submission-saved", (e) => results(e.categoryId));
  events.on("category-changed", (e) => results(e.categoryId));
  events.on("consensus-computed", (e) => live.publish("consensus", { computedAt: e.computedAt }));
}

/**
 * Runs `fn` at most once per key per interval: the first at once, the rest
 * folded into one at the end of the interval.
 */
function coalesced(intervalMs: number, fn: (key: string) => void): (key: string) => void {
  const last = new Map<string, number>();
  const pending = new Set<string>();
  return (key) => {
    const since = Date.now() - (last.get(key) ?? 0);
    if (since >= intervalMs) {
      last.set(key, Date.now());
      return fn(key);
    }
    if (pending.has(key)) return;
    pending.add(key);
    setTimeout(() => {
      pending.delete(key);
      last.set(key, Date.now());
      fn(key);
    }, intervalMs - since).unref();
  };
}
