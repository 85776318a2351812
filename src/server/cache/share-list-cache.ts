import type { ShareListVersion } from "#shared/share-images.ts";
import type { CacheDeclaration } from "./declare-cache.ts";

export interface ListKey {
  userId: string;
  listId: string;
}

/**
 * What names a list's share pictures, looked up once for a burst of
 * picture requests (both layouts, a crawler, a second look). Null: no such
 * public list.
 */
export const shareListCache: CacheDeclaration<ListKey, ShareListVersion | null> = {
  name: "lists' share-picture versions",
  key: (k) => `${k.userId}\u0000${k.listId}`,
  group: (k) => k.userId,
  bound: { entries: 5_000, ttlMs: 60_000 },
  derivesFrom: {
    "list-saved": (lists, e) => lists.forget({ userId: e.ownerId, listId: e.listId }),
    "list-deleted": (lists, e) => lists.forget({ userId: e.ownerId, listId: e.listId }),
    // The author's name is drawn on the pictures.
    "member-changed": (lists, e) => lists.dropGroup(e.userId),
  },
};
