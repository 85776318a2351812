import type { LiveEventMap, LiveEventName } from "#shared/live-events.schema.ts";
import { type PublicLiveEventName, topicOf } from "#shared/live-topics.ts";
import type { Logger } from "../logger.ts";

/** One event for open pages, of any type, as the stream writes it. */
export type LiveEvent = {
  [K in LiveEventName]: {
    type: K;
    data: LiveEventMap[K];
    /** Only this member's streams receive it; absent means whoever listens to its topic. */
    userId?: string;
  };
}[LiveEventName];

/** Who an open stream is: its member (null for a visitor) and the topics its page named. */
export interface StreamInterest {
  userId: string | null;
  topics: readonly string[];
}

/**
 * This process's open event streams (/api/events). Every process derives its
 * streams' events from the domain events it hears (live-from-domain.ts), its
 * own and the other processes', so nothing here crosses between processes.
 */
export interface LiveEvents {
  /** A private event (`notifications`) goes to `userId`'s streams; a public one to its topic's. */
  publish<K extends LiveEventName>(type: K, data: LiveEventMap[K], userId?: string): void;
  subscribe(interest: StreamInterest, fn: (event: LiveEvent) => void): () => void;
  /** How many streams listen now (metrics, tests). */
  listeners(): number;
}

type Listener = (event: LiveEvent) => void;

/**
 * Streams are found by member and by topic, so an event costs the streams it
 * is for: with thousands open, a comment on one list wakes that list's
 * readers and nobody else (docs/performance.md, "Live notifications under load, by topic").
 */
export function createLiveEvents(logger: Logger): LiveEvents {
  const byUser = new Map<string, Set<Listener>>();
  const byTopic = new Map<string, Set<Listener>>();
  let open = 0;
  const join = (index: Map<string, Set<Listener>>, key: string, fn: Listener) => {
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(fn);
  };
  const leave = (index: Map<string, Set<Listener>>, key: string, fn: Listener) => {
    const set = index.get(key);
    if (!set?.delete(fn)) return;
    if (set.size === 0) index.delete(key);
  };
  return {
    publish(type, data, userId) {
      const event = { type, data, ...(userId ? { userId } : {}) } as LiveEvent;
      const to = userId ? byUser.get(userId) : byTopic.get(topicOf(type as PublicLiveEventName, data));
      if (!to) return;
      for (const fn of to) {
        try {
          fn(event);
        } catch (e) {
          logger.error("live event listener failed", { error: String(e) });
        }
      }
    },
    subscribe({ userId, topics }, fn) {
      // A wrapper per stream: the same function subscribed twice is two streams.
      const listener: Listener = (event) => fn(event);
      const unique = [...new Set(topics)];
      if (userId) join(byUser, userId, listener);
      for (const topic of unique) join(byTopic, topic, listener);
      open++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        open--;
        if (userId) leave(byUser, userId, listener);
        for (const topic of unique) leave(byTopic, topic, listener);
      };
    },
    listeners: () => open,
  };
}
