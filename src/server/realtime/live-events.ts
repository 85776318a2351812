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
 * The streams a public event reaches in one turn of the event loop; past
 * that, the rest follow in the next turns. A broadcast to thousands of
 * streams (the consensus, read on most pages) written in one turn stalled
 * the process for 30-100 ms, and everything it had to deliver meanwhile
 * (a member's Inbox event) waited behind it (docs/performance.md, "A
 * broadcast a slice at a time").
 */
export const STREAMS_A_TURN = 100;

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
  const tell = (fn: Listener, event: LiveEvent) => {
    try {
      fn(event);
    } catch (e) {
      logger.error("live event listener failed", { error: String(e) });
    }
  };

  // Public events waiting for their turn, in the order published: one
  // topic's events reach each stream in order. A private event goes at
  // once (a member's few streams); it may pass a public one, which is of
  // another kind.
  const waiting: { event: LiveEvent; to: Listener[]; next: number }[] = [];
  let turnQueued = false;
  const turn = () => {
    turnQueued = false;
    let budget = STREAMS_A_TURN;
    while (budget > 0 && waiting.length > 0) {
      const head = waiting[0]!;
      const end = Math.min(head.to.length, head.next + budget);
      for (let i = head.next; i < end; i++) tell(head.to[i]!, head.event);
      budget -= end - head.next;
      head.next = end;
      if (end === head.to.length) waiting.shift();
    }
    if (waiting.length > 0) {
      turnQueued = true;
      setImmediate(turn);
    }
  };

  return {
    publish(type, data, userId) {
      const event = { type, data, ...(userId ? { userId } : {}) } as LiveEvent;
      if (userId) {
        for (const fn of byUser.get(userId) ?? []) tell(fn, event);
        return;
      }
      const to = byTopic.get(topicOf(type as PublicLiveEventName, data));
      if (!to) return;
      // A stream that closes meanwhile is still told: its queue is dropped with it.
      waiting.push({ event, to: [...to], next: 0 });
      if (!turnQueued) turn();
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
