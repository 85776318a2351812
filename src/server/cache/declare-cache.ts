import type { DomainEventMap, DomainEventName } from "../events/domain-event-map.ts";
import type { DomainEvents } from "../events/domain-events.ts";
import { DerivedCache, type DerivedCacheOptions } from "./derived-cache.ts";

/** What each domain event a cache derives from does to it. */
export type Subscriptions<C> = { [N in DomainEventName]?: (cache: C, event: DomainEventMap[N]) => void };

/**
 * A cache as it is declared: its typed key, its bound, and the domain
 * events its answers derive from, each with what it does to them. Nothing
 * else changes it, so a write that forgets its event shows up as a cached
 * answer that differs from a fresh one (cache/cache-coherence.test.ts).
 */
export interface CacheDeclaration<K, V> extends DerivedCacheOptions<K, V> {
  derivesFrom: Subscriptions<DerivedCache<K, V>>;
}

/** Whether answers are kept at all (false: every read loads; the reference the coherence test compares with). */
export interface CacheSetup {
  events: DomainEvents;
  enabled: boolean;
}

/** Builds a declared cache and subscribes it to its events (and to "events were missed", which clears it). */
export function buildCache<K, V>(declaration: CacheDeclaration<K, V>, setup: CacheSetup): DerivedCache<K, V> {
  const { events, enabled } = setup;
  const cache = new DerivedCache<K, V>(declaration, { enabled, inSync: () => events.inSync() });
  subscribe(cache, declaration.derivesFrom, events);
  return cache;
}

/** Subscribes `target` to the events `subscriptions` names, and clears it (via `clear`) when events were missed. */
export function subscribe<C extends { clear(): void }>(
  target: C,
  subscriptions: Subscriptions<C>,
  events: DomainEvents,
): void {
  for (const name of Object.keys(subscriptions) as DomainEventName[]) {
    const handle = subscriptions[name] as (cache: C, event: unknown) => void;
    events.on(name, (event) => handle(target, event));
  }
  events.onMissed(() => target.clear());
}

/** The names of the events a declaration derives from (docs and tests). */
export const eventsOf = (subscriptions: Subscriptions<unknown>): DomainEventName[] =>
  Object.keys(subscriptions) as DomainEventName[];
