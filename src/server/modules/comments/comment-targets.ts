import { and, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { categories, comments, lists } from "../../db/schema/index.ts";
import { ApiError, notFound } from "../../http/errors.ts";
import type { CommentTarget } from "#shared/comments.schema.ts";
import { COMMENT_MESSAGES } from "#shared/comments.ts";

/** A discussion's owner: a list (by owner and id) or a global ranking category. */
export type Target = CommentTarget;

export const isList = (t: Target): t is { listUserId: string; listId: string } => "listId" in t;

/** A target's keys, as values or as placeholders of a query built once (db/built-query.ts). */
type TargetKeys =
  { listUserId: string | Placeholder; listId: string | Placeholder } | { categoryId: string | Placeholder };

export const targetWhere = (t: TargetKeys) =>
  "listId" in t
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
 * The target as one row, `owner_id` (the list's owner; null for a category)
 * and `open` (whether comments may be added: a closed category's discussion
 * is read-only, docs/product.md, Comments); no row when there is no such
 * target. A statement of its own, or the first step of a larger one
 * (addComment).
 */
export function targetRow(t: TargetKeys): SQL {
  return "listId" in t
    ? sql`SELECT ${lists.userId} AS owner_id, TRUE AS open FROM ${lists}
          WHERE ${lists.userId} = ${t.listUserId} AND ${lists.id} = ${t.listId} AND ${lists.isPublic}`
    : sql`SELECT NULL::text AS owner_id, ${categories.status} = 'open' AS open FROM ${categories}
          WHERE ${categories.id} = ${t.categoryId}`;
}

/** Why the target refuses: a 404 when there is none, a 409 when writing to a closed discussion. */
export function targetRefusal(
  t: Target,
  found: { open: boolean } | undefined,
  { forWriting = false } = {},
): ApiError | null {
  if (!found) return notFound(isList(t) ? "List not found" : "Category not found.");
  if (forWriting && !found.open) {
    return new ApiError(409, "DISCUSSION_CLOSED", COMMENT_MESSAGES.closedDiscussion);
  }
  return null;
}

/** The list's owner for a list target, null for a category; refused as `targetRefusal` says. */
export async function requireTarget(
  db: Db | Tx,
  t: Target,
  { forWriting = false } = {},
): Promise<{ ownerId: string | null }> {
  const result = await db.execute(targetRow(t));
  const [row] = (result as unknown as { rows: { owner_id: string | null; open: boolean }[] }).rows;
  const refusal = targetRefusal(t, row, { forWriting });
  if (refusal) throw refusal;
  return { ownerId: row!.owner_id };
}
