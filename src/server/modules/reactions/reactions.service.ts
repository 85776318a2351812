import { eq, type SQL, sql } from "drizzle-orm";
import { writeBegins } from "../../events/domain-event-map.ts";
import type { Store } from "../../store.ts";
import { favorites, lists, listUpvotes, user } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { notificationSteps } from "../notifications/notifications.service.ts";

type Row = Record<string, unknown>;
const firstRow = (result: unknown) => (result as { rows: Row[] }).rows[0]!;

/**
 * The first steps of a toggle's statement: `target` (the public list, or
 * nothing), `removed` (the member's row, if it was there) and `added` (the
 * row, if it was not). Both rows' keys name the list and the member.
 */
function toggleSteps(
  ownerId: string,
  listId: string,
  table: typeof listUpvotes | typeof favorites,
  theRow: SQL,
  row: { columns: SQL; values: SQL },
): SQL {
  return sql`target AS (
      SELECT 1 FROM ${lists} WHERE ${lists.userId} = ${ownerId} AND ${lists.id} = ${listId} AND ${lists.isPublic}
    ), removed AS (
      DELETE FROM ${table} WHERE ${theRow} AND EXISTS (SELECT 1 FROM target) RETURNING 1
    ), added AS (
      INSERT INTO ${table} ${row.columns}
      SELECT ${row.values}
      WHERE EXISTS (SELECT 1 FROM target) AND NOT EXISTS (SELECT 1 FROM removed)
      ON CONFLICT DO NOTHING
      RETURNING 1
    )`;
}

/**
 * Toggles the voter's upvote in one statement: one row in, or one row out,
 * the count moved by exactly that row, and the owner notified of a new like
 * of someone else's list. No read-modify-write, so concurrent votes never
 * lose one; one round trip, so a busy embedded database is not held by a
 * transaction between statements. A list that is not public is not found.
 */
export async function toggleUpvote(
  store: Store,
  voterId: string,
  ownerId: string,
  listId: string,
  /** The voter's name where the caller has it (their session); else it is read. */
  voterName?: string,
) {
  const began = writeBegins();
  const { db } = store;
  const name =
    voterName ?? (await db.select({ name: user.name }).from(user).where(eq(user.id, voterId)))[0]?.name;
  const theList = sql`${lists.userId} = ${ownerId} AND ${lists.id} = ${listId}`;
  const theVote = sql`${listUpvotes.listUserId} = ${ownerId} AND ${listUpvotes.listId} = ${listId} AND ${listUpvotes.voterId} = ${voterId}`;
  const row = firstRow(
    await db.execute(sql`
      WITH ${toggleSteps(ownerId, listId, listUpvotes, theVote, {
        columns: sql`(list_user_id, list_id, voter_id)`,
        values: sql`${ownerId}::text, ${listId}::text, ${voterId}::text`,
      })}, counted AS (
        UPDATE ${lists} SET upvote_count = upvote_count + (SELECT count(*) FROM added) - (SELECT count(*) FROM removed)
        WHERE ${theList} AND (EXISTS (SELECT 1 FROM added) OR EXISTS (SELECT 1 FROM removed))
        RETURNING upvote_count
      ), ${notificationSteps(
        {
          recipientId: ownerId,
          type: "list_like",
          actorId: voterId,
          actorName: name ?? "Someone",
          listUserId: ownerId,
          listId,
        },
        sql`EXISTS (SELECT 1 FROM added)`,
      )}
      SELECT EXISTS (SELECT 1 FROM target) AS found,
        (SELECT count(*) FROM added)::int AS added,
        (SELECT count(*) FROM removed)::int AS removed,
        COALESCE((SELECT upvote_count FROM counted), (SELECT upvote_count FROM ${lists} WHERE ${theList}))::int AS count`),
  );
  if (!row.found) throw notFound("List not found");
  const upvoted = (row.added as number) > 0;
  const delta = (row.added as number) - (row.removed as number);
  const upvoteCount = row.count as number;
  await store.events.emit("upvote-toggled", {
    ownerId,
    listId,
    voterId,
    delta,
    upvoteCount,
    // The owner's Inbox rings for someone else's upvote.
    notified: upvoted && ownerId !== voterId ? [ownerId] : [],
    local: { began },
  });
  return { upvoted, upvoteCount, delta };
}

/** Toggles the reader's favourite in one statement; a list that is not public is not found. */
export async function toggleFavorite(store: Store, userId: string, ownerId: string, listId: string) {
  const theFavorite = sql`${favorites.userId} = ${userId} AND ${favorites.listUserId} = ${ownerId} AND ${favorites.listId} = ${listId}`;
  const row = firstRow(
    await store.db.execute(sql`
      WITH ${toggleSteps(ownerId, listId, favorites, theFavorite, {
        columns: sql`(user_id, list_user_id, list_id)`,
        values: sql`${userId}::text, ${ownerId}::text, ${listId}::text`,
      })}
      SELECT EXISTS (SELECT 1 FROM target) AS found, NOT EXISTS (SELECT 1 FROM removed) AS favorited`),
  );
  if (!row.found) throw notFound("List not found");
  await store.events.emit("favorite-toggled", { ownerId, listId, userId });
  return { favorited: row.favorited as boolean };
}
