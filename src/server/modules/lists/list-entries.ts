import { and, asc, eq } from "drizzle-orm";
import { listItems } from "../../db/schema/index.ts";
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
