import type { Logger } from "../logger.ts";
import { DOMAIN_EVENT_NAMES, type DomainEventMap, type DomainEventName } from "./domain-event-map.ts";
import { listenerSet } from "./listener-set.ts";
import type { ProcessLink } from "./process-link.ts";

export interface DomainEvents {
  /**
   * Announces a committed write: this process's subscribers run at once
   * (before the write's answer is sent, so its author reads it back; the
   * promise settles when those that return one are done), the other
   * processes' as soon as it reaches them (through the process link, in batches; ids only).
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

const KNOWN = new Set<string>(DOMAIN_EVENT_NAMES);

/** An event as it goes to other processes: without its local part, which only its own process sees. */
export function wireForm<K extends DomainEventName>(payload: DomainEventMap[K]): DomainEventMap[K] {
  if (!("local" in payload)) return payload;
  const { local: _local, ...rest } = payload as DomainEventMap[K] & { local?: unknown };
  return rest as DomainEventMap[K];
}

export function createDomainEvents(link: ProcessLink, logger: Logger): DomainEvents {
  const subscribers = new Map<DomainEventName, Set<(event: never) => void | Promise<void>>>();
  const missedListeners = listenerSet<[]>(logger, "missed-events");

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

  link.onMissed(() => missedListeners.run());
  // Another process's event, as it sent it: [name, event].
  link.onMessage((message) => {
    if (!Array.isArray(message)) return;
    const [name, event] = message as [string, unknown];
    if (KNOWN.has(name)) void deliver(name as DomainEventName, event);
  });

  return {
    emit(name, payload) {
      const done = deliver(name, payload);
      if (link.shared) link.send(JSON.stringify([name, wireForm(payload)]));
      return done;
    },
    on(name, fn) {
      let set = subscribers.get(name);
      if (!set) subscribers.set(name, (set = new Set()));
      const entry = fn as (event: never) => void | Promise<void>;
      set.add(entry);
      return () => set.delete(entry);
    },
    onMissed: (fn) => missedListeners.add(fn),
    inSync: () => link.inSync(),
    flush: () => link.flush(),
  };
}
