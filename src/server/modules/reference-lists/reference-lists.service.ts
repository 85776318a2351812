import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { referenceLists } from "../../db/schema/index.ts";
import { getCatalog } from "../seasons/catalog.ts";
import { type ListEntry, toEntries, validateEntries } from "../lists/list-entries.ts";
import { REFERENCE_LIST_IDS, type ReferenceListId } from "#shared/reference-lists.ts";

export interface ReferenceLists {
  lists: Record<ReferenceListId, ListEntry[]>;
  lastUpdated: string | null;
}

/** The three named lists; missing ones read as empty (spec: rankings/current). */
export async function getReferenceLists(db: Db): Promise<ReferenceLists> {
  const rows = await db.select().from(referenceLists);
  const catalog = await getCatalog(db);
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

export async function saveReferenceList(db: Db, id: ReferenceListId, items: string[], editorId: string) {
  const { ids } = validateEntries(await getCatalog(db), items);
  await db
    .insert(referenceLists)
    .values({ id, items: ids, updatedBy: editorId })
    .onConflictDoUpdate({
      target: referenceLists.id,
      set: { items: ids, updatedBy: editorId, updatedAt: sql`now()` },
    });
  const [row] = await db.select().from(referenceLists).where(eq(referenceLists.id, id));
  return row!;
}
