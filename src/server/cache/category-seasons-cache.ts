import type { CacheDeclaration } from "./declare-cache.ts";

/**
 * The season each Global Rankings category votes on (null: no such
 * category), read before a vote to check its slots. A category's season is
 * fixed when it is opened; a category opened, closed or recounted announces
 * itself, and its entry is read again.
 */
export const categorySeasonsCache: CacheDeclaration<string, number | null> = {
  name: "the season of each Global Rankings category",
  key: (categoryId) => categoryId,
  bound: { entries: 500, ttlMs: Infinity },
  derivesFrom: {
    "category-changed": (seasons, e) => seasons.drop((id) => id === e.categoryId),
  },
};
