import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { drafts } from "../../db/schema/index.ts";
import type { Draft, draftSchema } from "#shared/drafts.schema.ts";

export async function getDraft(db: Db, userId: string): Promise<Draft | null> {
  const [row] = await db.select().from(drafts).where(eq(drafts.userId, userId));
  if (!row) return null;
  return {
    name: row.name,
    description: row.description,
    tags: row.tags,
    items: row.items,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function saveDraft(db: Db, userId: string, draft: z.output<typeof draftSchema>): Promise<Draft> {
  const [row] = await db
    .insert(drafts)
    .values({ userId, ...draft })
    .onConflictDoUpdate({ target: drafts.userId, set: { ...draft, updatedAt: sql`now()` } })
    .returning();
  return { ...draft, updatedAt: row!.updatedAt.toISOString() };
}

export async function clearDraft(db: Db, userId: string): Promise<void> {
  await db.delete(drafts).where(eq(drafts.userId, userId));
}
