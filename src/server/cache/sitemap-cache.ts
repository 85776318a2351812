import type { CacheDeclaration } from "./declare-cache.ts";

export const SITEMAP = "sitemap";

/** Crawlers read the sitemap rarely; one build serves them all until a list comes, changes or goes. */
export const sitemapCache: CacheDeclaration<typeof SITEMAP, string> = {
  name: "the sitemap",
  key: () => SITEMAP,
  bound: { entries: 1, ttlMs: 10 * 60_000 },
  derivesFrom: {
    "list-saved": (sitemap) => sitemap.clear(),
    "list-deleted": (sitemap) => sitemap.clear(),
  },
};
