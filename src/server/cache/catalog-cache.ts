import type { ListEntry } from "#shared/lists.ts";
import type { CacheDeclaration } from "./declare-cache.ts";

/** Every season and castaway appearance by id. */
export type Catalog = ReadonlyMap<string, ListEntry>;

export const CATALOG = "catalog";

/**
 * The reference data, loaded once: it changes only at start-up (the seed
 * runs before the app listens), so no event touches it.
 */
export const catalogCache: CacheDeclaration<typeof CATALOG, Catalog> = {
  name: "the seasons and castaways",
  key: () => CATALOG,
  bound: { entries: 1, ttlMs: Infinity },
  derivesFrom: {},
};
