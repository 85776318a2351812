import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { favorites, lists, listUpvotes, user } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { notify } from "../notifications/notifications.service.ts";

async function requireList(db: Db, ownerId: string, listId: string) {
  const [row] = await db
    .select({ userId: lists.userId })
    .from(lists)
    .where(and(eq(lists.userId, ownerId), eq(lists.id, listId), eq(lists.isPublic, true)));
  if (!row) throw notFound("List not found");
}

/**
 * Toggles the voter's upvote: one row in, or one row out, and the count moved
 * by exactly that row in the same transaction — no read-modify-write, so
 * concurrent votes never lose one. Liking someone else's list notifies them.
 */
export async function toggleUpvote(
  db: Db,
  voterId: string,
  ownerId: string,
  listId: string,
  /** The voter's name where the caller has it (their session): one query fewer. */
  voterName?: string,
) {
  await requireList(db, ownerId, listId);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(listUpvotes)
      .where(
        and(
          eq(listUpvotes.listUserId, ownerId),
          eq(listUpvotes.listId, listId),
          eq(listUpvotes.voterId, voterId),
        ),
      )
      .returning({ v: listUpvotes.voterId });
    let upvoted = false;
    if (removed.length === 0) {
      const added = await tx
        .insert(listUpvotes)
        .values({ listUserId: ownerId, listId, voterId })
        .onConflictDoNothing()
        .returning({ v: listUpvotes.voterId });
      upvoted = added.length > 0;
    }
    const delta = upvoted ? 1 : removed.length > 0 ? -1 : 0;
    const [row] = await tx
      .update(lists)
      .set({ upvoteCount: sql`${lists.upvoteCount} + ${delta}` })
      .where(and(eq(lists.userId, ownerId), eq(lists.id, listId)))
      .returning({ upvoteCount: lists.upvoteCount });
    if (upvoted) {
      const actorName =
        voterName ?? (await tx.select({ name: user.name }).from(user).where(eq(user.id, voterId)))[0]?.name;
      await notify(tx, {
        recipientId: ownerId,
        type: "list_like",
        actorId: voterId,
        actorName: actorName ?? "Someone",
        listUserId: ownerId,
        listId,
      });
    }
    return { upvoted, upvoteCount: row?.upvoteCount ?? 0, delta };
  });
}

export async function toggleFavorite(db: Db, userId: string, ownerId: string, listId: string) {
  await requireList(db, ownerId, listId);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(favorites)
      .where(
        and(eq(favorites.userId, userId), eq(favorites.listUserId, ownerId), eq(favorites.listId, listId)),
      )
      .returning({ u: favorites.userId });
    if (removed.length > 0) return { favorited: false };
    await tx.insert(favorites).values({ userId, listUserId: ownerId, listId }).onConflictDoNothing();
    return { favorited: true };
  });
}
