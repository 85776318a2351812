import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { categories, comments, lists } from "../../db/schema/index.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import type { CommentTarget } from "#shared/comments.schema.ts";
import { COMMENT_MESSAGES } from "#shared/comments.ts";

/** A discussion's owner: a list (by owner and id) or a global ranking category. */
export type Target = CommentTarget;

export const isList = (t: Target): t is { listUserId: string; listId: string } => "listId" in t;

export const targetWhere = (t: Target) =>
  isList(t)
    ? and(eq(comments.listUserId, t.listUserId), eq(comments.listId, t.listId))
    : eq(comments.categoryId, t.categoryId);

export function targetOfRow(row: {
  listUserId: string | null;
  listId: string | null;
  categoryId: string | null;
}): Target {
  if (row.listUserId && row.listId) return { listUserId: row.listUserId, listId: row.listId };
  return { categoryId: row.categoryId ?? "" };
}

/**
 * The list's owner for a list target, null for a category; a 404 when there
 * is no such target. `forWriting`: a closed category's discussion is
 * read-only (docs/product.md, Comments), a 409.
 */
export async function requireTarget(
  db: Db | Tx,
  t: Target,
  { forWriting = false } = {},
): Promise<{ ownerId: string | null }> {
  if (isList(t)) {
    const [row] = await db
      .select({ userId: lists.userId })
      .from(lists)
      .where(and(eq(lists.userId, t.listUserId), eq(lists.id, t.listId), eq(lists.isPublic, true)));
    if (!row) throw notFound("List not found");
    return { ownerId: row.userId };
  }
  const [category] = await db
    .select({ id: categories.id, status: categories.status })
    .from(categories)
    .where(eq(categories.id, t.categoryId));
  if (!category) throw notFound("Category not found.");
  if (forWriting && category.status !== "open") {
    throw new ApiError(409, "DISCUSSION_CLOSED", COMMENT_MESSAGES.closedDiscussion);
  }
  return { ownerId: null };
}
