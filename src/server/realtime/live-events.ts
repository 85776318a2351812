import type { LiveEventMap, LiveEventName } from "#shared/live-events.schema.ts";
import type { Logger } from "../logger.ts";

/** One event for open pages, of any type, as the stream writes it. */
export type LiveEvent = {
  [K in LiveEventName]: {
    type: K;
    data: LiveEventMap[K];
    /** Only this member's streams receive it; absent means everyone. */
    userId?: string;
  };
}[LiveEventName];

/**
 * This process's open event streams (/api/events). Every process derives its
 * streams' events from the domain events it hears (live-from-domain.ts), its
 * own and the other processes', so nothing here crosses between processes.
 */
export interface LiveEvents {
  publish<K extends LiveEventName>(type: K, data: LiveEventMap[K], userId?: string): void;
  subscribe(userId: string | null, fn: (event: LiveEvent) => void): () => void;
  /** How many streams listen now (metrics, tests). */
  listeners(): number;
}

export function createLiveEvents(logger: Logger): LiveEvents {
  const listeners = new Set<{ userId: string | null; fn: (event: LiveEvent) => void }>();
  return {
    publish(type, data, userId) {
      const event = { type, data, ...(userId ? { userId } : {}) } as LiveEvent;
      for (const l of listeners) {
        if (userId && userId !== l.userId) continue;
        try {
          l.fn(event);
        } catch (e) {
          logger.error("live event listener failed", { error: String(e) });
        }
      }
    },
    subscribe(userId, fn) {
      const entry = { userId, fn };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    listeners: () => listeners.size,
  };
}
