import { sql } from "drizzle-orm";
import { referenceLists } from "../../db/schema/index.ts";
import type { Store } from "../../store.ts";
import { getCatalog } from "../seasons/catalog.ts";
import { type ListEntry, toEntries, validateEntries } from "../lists/list-entries.ts";
import { REFERENCE_LIST_IDS, type ReferenceListId } from "#shared/reference-lists.ts";

export interface ReferenceLists {
  lists: Record<ReferenceListId, ListEntry[]>;
  lastUpdated: string | null;
}

/** The three named lists; missing ones read as empty (docs/product.md, Home page). */
export async function getReferenceLists(store: Store): Promise<ReferenceLists> {
  const rows = await store.db.select().from(referenceLists);
  const catalog = await getCatalog(store);
  const lists = Object.fromEntries(REFERENCE_LIST_IDS.map((id) => [id, [] as ListEntry[]])) as Record<
    ReferenceListId,
    ListEntry[]
  >;
  let lastUpdated: Date | null = null;
  for (const row of rows) {
    lists[row.id] = toEntries(catalog, row.items);
    if (!lastUpdated || row.updatedAt > lastUpdated) lastUpdated = row.updatedAt;
  }
  return { lists, lastUpdated: lastUpdated?.toISOString() ?? null };
}

/** Saves one reference list (editors only: the route checks) and announces it to open home pages. */
export async function saveReferenceList(
  store: Store,
  id: ReferenceListId,
  items: string[],
  editorId: string,
) {
  const { ids } = validateEntries(await getCatalog(store), items);
  const [row] = await store.db
    .insert(referenceLists)
    .values({ id, items: ids, updatedBy: editorId })
    .onConflictDoUpdate({
      target: referenceLists.id,
      set: { items: ids, updatedBy: editorId, updatedAt: sql`now()` },
    })
    .returning();
  await store.events.emit("reference-list-saved", { id, updatedAt: row!.updatedAt.toISOString() });
  return row!;
}
