import { eq } from "drizzle-orm";
import type { Catalog } from "../../cache/catalog-cache.ts";
import { CATALOG } from "../../cache/catalog-cache.ts";
import type { Db } from "../../db/client.ts";
import { castaways, seasons } from "../../db/schema/index.ts";
import type { Store } from "../../store.ts";
import type { ListEntry } from "#shared/lists.ts";

export type { Catalog };
export type CatalogEntry = ListEntry;

/** Every season and castaway appearance by id: validates and names list entries. */
export function getCatalog(store: Store): Promise<Catalog> {
  return store.caches.catalog.get(CATALOG, () => loadCatalog(store.db));
}

async function loadCatalog(db: Db): Promise<Catalog> {
  const map = new Map<string, CatalogEntry>();
  const seasonRows = await db.select().from(seasons);
  for (const s of seasonRows) {
    map.set(s.id, {
      id: s.id,
      name: s.name,
      isSeason: true,
      seasonId: s.id,
      seasonName: s.name,
      seasonNumber: s.number,
    });
  }
  const castRows = await db
    .select({ id: castaways.id, name: castaways.name, seasonId: castaways.seasonId })
    .from(castaways)
    .innerJoin(seasons, eq(seasons.id, castaways.seasonId));
  for (const c of castRows) {
    const season = map.get(c.seasonId)!;
    map.set(c.id, {
      id: c.id,
      name: c.name,
      isSeason: false,
      seasonId: c.seasonId,
      seasonName: season.seasonName,
      seasonNumber: season.seasonNumber,
    });
  }
  return map;
}
