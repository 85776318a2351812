import type { Db } from "#server/db/client.ts";
import { createDomainEvents } from "#server/events/domain-events.ts";
import { createProcessLink } from "#server/events/process-link.ts";
import { createLogger } from "#server/logger.ts";
import { createStore, type Store } from "#server/store.ts";

/** A store on `db` for a test that writes through services without an app: its events reach nobody else. */
export async function testStore(db: Db): Promise<Store> {
  const logger = createLogger("silent");
  return createStore(db, createDomainEvents(await createProcessLink(null, logger), logger));
}
