import { castaways, seasons } from "../../db/schema/index.ts";
import type { Db } from "../../db/client.ts";
import { eq } from "drizzle-orm";

export interface CatalogEntry {
  id: string;
  name: string;
  isSeason: boolean;
  seasonId: string;
  seasonName: string;
  seasonNumber: number;
}

export type Catalog = ReadonlyMap<string, CatalogEntry>;

// Reference data changes only at start-up (the seed runs before the app
// listens), so one copy per database handle serves every request.
const cache = new WeakMap<Db, Promise<Catalog>>();

/** Every season and castaway appearance by id: validates and names list entries. */
export function getCatalog(db: Db): Promise<Catalog> {
  let pending = cache.get(db);
  if (!pending) {
    pending = loadCatalog(db);
    cache.set(db, pending);
    pending.catch(() => cache.delete(db));
  }
  return pending;
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
