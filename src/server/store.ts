import { type Caches, createCaches } from "./cache/registry.ts";
import type { Db } from "./db/client.ts";
import type { DomainEvents } from "./events/domain-events.ts";

/**
 * What services work on: the database, the caches derived from it, and the
 * domain events that keep those caches (and everything else derived) right.
 * One per app (createApp); a service takes it as its first argument, reads
 * through `caches` and announces each committed write on `events`.
 */
export interface Store {
  db: Db;
  events: DomainEvents;
  caches: Caches;
  /**
   * The app's one instance of what `make` builds from the database (a
   * batched reader, a prepared statement), made on first use.
   */
  perApp<T>(make: (db: Db) => T): T;
}

export function createStore(db: Db, events: DomainEvents, { caching = true } = {}): Store {
  const made = new Map<(db: Db) => unknown, unknown>();
  return {
    db,
    events,
    caches: createCaches({ events, enabled: caching }),
    perApp<T>(make: (db: Db) => T): T {
      if (!made.has(make)) made.set(make, make(db));
      return made.get(make) as T;
    },
  };
}
