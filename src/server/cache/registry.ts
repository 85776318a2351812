import { browseCountsCache, browsePagesCache, homeListsCache } from "./browse-caches.ts";
import { catalogCache } from "./catalog-cache.ts";
import { categorySeasonsCache } from "./category-seasons-cache.ts";
import { consensusCache } from "./consensus-cache.ts";
import { buildCache, type CacheSetup } from "./declare-cache.ts";
import { discussionCache, ownVotesCache } from "./discussion-cache.ts";
import { ownSubmissionsCache, resultsCache } from "./results-cache.ts";
import { shareListCache } from "./share-list-cache.ts";
import { sitemapCache } from "./sitemap-cache.ts";
import { memberFlagsCache, viewerFlagsCache } from "./viewer-flags-cache.ts";

/**
 * Every cache of the server, built once per app (createApp) from its
 * declaration: what it is keyed by, how much it holds and for how long, and
 * the domain events it derives from. The session reader's cache is declared
 * beside them (session-cache.ts) and built with the session reader.
 */
export function createCaches(setup: CacheSetup) {
  return {
    browsePages: buildCache(browsePagesCache, setup),
    browseCounts: buildCache(browseCountsCache, setup),
    home: buildCache(homeListsCache, setup),
    viewerFlags: buildCache(viewerFlagsCache, setup),
    memberFlags: buildCache(memberFlagsCache, setup),
    discussions: buildCache(discussionCache, setup),
    ownVotes: buildCache(ownVotesCache, setup),
    results: buildCache(resultsCache, setup),
    ownSubmissions: buildCache(ownSubmissionsCache, setup),
    categorySeasons: buildCache(categorySeasonsCache, setup),
    shareLists: buildCache(shareListCache, setup),
    sitemap: buildCache(sitemapCache, setup),
    catalog: buildCache(catalogCache, setup),
    consensus: buildCache(consensusCache, setup),
  };
}

export type Caches = ReturnType<typeof createCaches>;
