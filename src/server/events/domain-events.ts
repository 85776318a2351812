import { randomUUID } from "node:crypto";
import type { Logger } from "../logger.ts";
import { DOMAIN_EVENT_NAMES, type DomainEventMap, type DomainEventName } from "./domain-event-map.ts";
import { NOTIFY_PAYLOAD_MAX, type ProcessLink } from "./process-link.ts";

export interface DomainEvents {
  /**
   * Announces a committed write: this process's subscribers run at once
   * (before the write's answer is sent, so its author reads it back; the
   * promise settles when those that return one are done), the other
   * processes' as soon as it reaches them (in batches, one on its way at a time, NOTIFY_SPACING_MS apart; ids only).
   */
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void>;
  on<K extends DomainEventName>(name: K, fn: (event: DomainEventMap[K]) => void | Promise<void>): () => void;
  /** Runs `fn` when events of other processes may have been missed: whatever derives from them starts over. */
  onMissed(fn: () => void): () => void;
  /** False while events of other processes could be missed: nothing derived from them may be trusted. */
  inSync(): boolean;
  /** Resolves once every event emitted so far has gone to the other processes. */
  flush(): Promise<void>;
}

/** What crosses between processes: a batch of events from one process, or word that some were lost. */
type Wire = { from: string; events: [DomainEventName, unknown][] } | { from: string; missed: true };

const KNOWN = new Set<string>(DOMAIN_EVENT_NAMES);

/** The least time between the starts of two batches of events sent to the other processes. */
export const NOTIFY_SPACING_MS = 10;

/** An event as it goes to other processes: without its local part, which only its own process sees. */
export function wireForm<K extends DomainEventName>(payload: DomainEventMap[K]): DomainEventMap[K] {
  if (!("local" in payload)) return payload;
  const { local: _local, ...rest } = payload as DomainEventMap[K] & { local?: unknown };
  return rest as DomainEventMap[K];
}

export function createDomainEvents(link: ProcessLink, logger: Logger): DomainEvents {
  const subscribers = new Map<DomainEventName, Set<(event: never) => void | Promise<void>>>();
  const missedListeners = new Set<() => void>();
  const processId = randomUUID();

  const failed = (name: DomainEventName) => (e: unknown) => {
    logger.error("domain event subscriber failed", { event: name, error: String(e) });
  };
  /** Runs every subscriber of `name`; resolves when those that returned a promise settled. */
  const deliver = (name: DomainEventName, event: unknown): Promise<void> => {
    const waiting: Promise<void>[] = [];
    for (const fn of subscribers.get(name) ?? []) {
      try {
        const result = (fn as (event: unknown) => void | Promise<void>)(event);
        if (result) waiting.push(result.catch(failed(name)));
      } catch (e) {
        failed(name)(e);
      }
    }
    return waiting.length === 0 ? Promise.resolve() : Promise.all(waiting).then(() => {});
  };
  const missed = () => {
    for (const fn of missedListeners) {
      try {
        fn();
      } catch (e) {
        logger.error("missed-events listener failed", { error: String(e) });
      }
    }
  };

  link.onReconnect(missed);
  // Our own NOTIFYs come back on our LISTEN, and our subscribers heard them
  // already: they are known by their first bytes, without parsing them.
  const ownPrefix = `{"from":${JSON.stringify(processId)},`;
  link.onMessage((payload) => {
    if (payload.startsWith(ownPrefix)) return;
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch (e) {
      logger.error("bad domain event payload", { error: String(e) });
      return;
    }
    if (wire.from === processId) return;
    if ("missed" in wire) return missed();
    for (const [name, event] of wire.events) if (KNOWN.has(name)) void deliver(name, event);
  });

  // Events go together in as few NOTIFYs as fit, and one batch is on its
  // way at a time: whatever is emitted while it travels goes in the next,
  // however many ticks that spans. (A send a tick, chained, fell behind a
  // busy site and grew a queue of seconds: docs/performance.md, "Live
  // notifications under load".) Batches also start at least
  // NOTIFY_SPACING_MS apart: under a steady stream of writes a NOTIFY each
  // round trip was a sixth of PostgreSQL's statements, and every process
  // reads each one; an event waits at most that long for its batch.
  let pending: string[] = [];
  let lastBatchAt = -Infinity;
  let sending: Promise<void> | null = null;
  let scheduled: Promise<void> | null = null;
  const payloadsOf = (events: string[]): string[] => {
    const head = `{"from":${JSON.stringify(processId)},"events":[`;
    const payloads: string[] = [];
    let body: string[] = [];
    let bytes = Buffer.byteLength(head) + 2;
    for (const event of events) {
      const size = Buffer.byteLength(event) + 1;
      if (Buffer.byteLength(head) + size + 2 > NOTIFY_PAYLOAD_MAX) {
        // No event should be this big (domain-events.test.ts measures the
        // largest of each); if one is, the others must still not trust their copies.
        logger.error("domain event too large for other processes", { bytes: size });
        payloads.push(JSON.stringify({ from: processId, missed: true } satisfies Wire));
        continue;
      }
      if (bytes + size > NOTIFY_PAYLOAD_MAX) {
        payloads.push(`${head}${body.join(",")}]}`);
        body = [];
        bytes = Buffer.byteLength(head) + 2;
      }
      body.push(event);
      bytes += size;
    }
    if (body.length > 0) payloads.push(`${head}${body.join(",")}]}`);
    return payloads;
  };
  const sendPending = () => {
    if (sending || pending.length === 0) return;
    sending = (async () => {
      // A timer may fire a little early (the event loop's clock is in whole ms).
      const rest = () => lastBatchAt + NOTIFY_SPACING_MS - performance.now();
      while (rest() > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(rest())));
      lastBatchAt = performance.now();
      // Taken after the rest: what came meanwhile goes in this batch.
      const batch = pending;
      pending = [];
      for (const payload of payloadsOf(batch)) {
        try {
          await link.send(payload);
        } catch (e) {
          // The write stands; the other processes drop cached copies only when
          // their link reconnects, or within the caches' time bounds.
          logger.error("domain events not sent to other processes", { error: String(e) });
        }
      }
    })().finally(() => {
      sending = null;
      sendPending();
    });
  };

  return {
    emit(name, payload) {
      const done = deliver(name, payload);
      if (link.shared) {
        pending.push(JSON.stringify([name, wireForm(payload)]));
        // At the end of the emitting tick, not after the rest of the event
        // loop's turn: on a busy server that turn took 10-30 ms.
        scheduled ??= new Promise<void>((resolve) =>
          queueMicrotask(() => {
            scheduled = null;
            sendPending();
            resolve();
          }),
        );
      }
      return done;
    },
    on(name, fn) {
      let set = subscribers.get(name);
      if (!set) subscribers.set(name, (set = new Set()));
      const entry = fn as (event: never) => void | Promise<void>;
      set.add(entry);
      return () => set.delete(entry);
    },
    onMissed(fn) {
      missedListeners.add(fn);
      return () => missedListeners.delete(fn);
    },
    inSync: () => link.inSync(),
    async flush() {
      await scheduled;
      while (sending) await sending;
    },
  };
}
