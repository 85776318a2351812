import { and, asc, eq, lt, sql } from "drizzle-orm";
import { listItems } from "../../db/schema/index.ts";
import { textArray } from "../../db/text-array.ts";
import { ApiError } from "../../http/errors.ts";
import type { Store } from "../../store.ts";
import { type Catalog, getCatalog } from "../seasons/catalog.ts";
import { dedupeIds, kindOfItems, LIST_MESSAGES, type ListEntry, type ListKind } from "#shared/lists.ts";

export type { ListEntry };

/**
 * Checks entries against the reference data: repeats are dropped, unknown ids
 * and a mix of seasons and castaways are refused with the product's texts (docs/product.md, Lists and the list builder).
 */
export function validateEntries(
  catalog: Catalog,
  ids: readonly string[],
): { ids: string[]; kind: ListKind | null } {
  const unique = dedupeIds(ids);
  const kind = kindOfItems(unique);
  for (const id of unique) {
    const entry = catalog.get(id);
    if (!entry) {
      throw new ApiError(400, "UNKNOWN_ITEM", `Unknown season or castaway: ${id}`, { items: id });
    }
    if (entry.isSeason !== (kind === "seasons")) {
      const message = kind === "seasons" ? LIST_MESSAGES.mixSeasonsFirst : LIST_MESSAGES.mixContestantsFirst;
      throw new ApiError(400, "MIXED_ITEMS", message, { items: message });
    }
  }
  return { ids: unique, kind };
}

export function toEntries(catalog: Catalog, ids: readonly string[]): ListEntry[] {
  // An entry whose reference data vanished is skipped rather than shown broken.
  return ids.flatMap((id) => {
    const entry = catalog.get(id);
    return entry ? [entry] : [];
  });
}

export async function loadEntries(store: Store, userId: string, listId: string): Promise<ListEntry[]> {
  const rows = await store.db
    .select({ itemId: listItems.itemId })
    .from(listItems)
    .where(and(eq(listItems.userId, userId), eq(listItems.listId, listId)))
    .orderBy(asc(listItems.position));
  return toEntries(
    await getCatalog(store),
    rows.map((r) => r.itemId),
  );
}

const listKey = (userId: string, listId: string) => `${userId}\u0000${listId}`;

/** The first `count` entries of each list, in one query. */
export async function loadPreviews(
  store: Store,
  keys: { userId: string; id: string }[],
  count: number,
): Promise<Map<string, ListEntry[]>> {
  const result = new Map<string, ListEntry[]>();
  if (keys.length === 0) return result;
  const rows = await store.db
    .select({ userId: listItems.userId, listId: listItems.listId, itemId: listItems.itemId })
    .from(listItems)
    .where(
      and(
        lt(listItems.position, count),
        sql`(${listItems.userId}, ${listItems.listId}) IN (SELECT * FROM unnest(${textArray(keys.map((k) => k.userId))}, ${textArray(keys.map((k) => k.id))}))`,
      ),
    )
    .orderBy(asc(listItems.userId), asc(listItems.listId), asc(listItems.position));
  const catalog = await getCatalog(store);
  for (const r of rows) {
    const entry = catalog.get(r.itemId);
    if (!entry) continue;
    const key = listKey(r.userId, r.listId);
    const list = result.get(key) ?? [];
    list.push(entry);
    result.set(key, list);
  }
  return result;
}

export function previewOf(previews: Map<string, ListEntry[]>, userId: string, listId: string): ListEntry[] {
  return previews.get(listKey(userId, listId)) ?? [];
}
