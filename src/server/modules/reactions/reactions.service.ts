import { randomUUID } from "node:crypto";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { builtStatement } from "../../db/built-query.ts";
import { writeBegins } from "../../events/domain-event-map.ts";
import type { Store } from "../../store.ts";
import { favorites, lists, listUpvotes, user } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { notificationSteps, trimDue } from "../notifications/notifications.service.ts";

const p = sql.placeholder;
// The values every toggle fills in (db/built-query.ts, builtStatement).
const [OWNER, LIST, MEMBER] = [p("owner"), p("list"), p("member")];

/**
 * The first steps of a toggle's statement: `target` (the public list, or
 * nothing), `removed` (the member's row, if it was there) and `added` (the
 * row, if it was not). Both rows' keys name the list and the member.
 */
function toggleSteps(
  table: typeof listUpvotes | typeof favorites,
  theRow: SQL,
  row: { columns: SQL; values: SQL },
): SQL {
  return sql`target AS (
      SELECT 1 FROM ${lists} WHERE ${lists.userId} = ${OWNER} AND ${lists.id} = ${LIST} AND ${lists.isPublic}
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

/** An upvote's statement, with or without the trim of the owner's notifications (TRIM_EVERY). */
function upvoteStatement(db: Db, trim: boolean) {
  const theList = sql`${lists.userId} = ${OWNER} AND ${lists.id} = ${LIST}`;
  const theVote = sql`${listUpvotes.listUserId} = ${OWNER} AND ${listUpvotes.listId} = ${LIST} AND ${listUpvotes.voterId} = ${MEMBER}`;
  return builtStatement<{ found: boolean; added: number; removed: number; count: number }>(
    db,
    sql`
      WITH ${toggleSteps(listUpvotes, theVote, {
        columns: sql`(list_user_id, list_id, voter_id)`,
        values: sql`${OWNER}::text, ${LIST}::text, ${MEMBER}::text`,
      })}, counted AS (
        UPDATE ${lists} SET upvote_count = upvote_count + (SELECT count(*) FROM added) - (SELECT count(*) FROM removed)
        WHERE ${theList} AND (EXISTS (SELECT 1 FROM added) OR EXISTS (SELECT 1 FROM removed))
        RETURNING upvote_count
      ), ${notificationSteps(
        {
          id: p("notice"),
          recipientId: OWNER,
          type: "list_like",
          actorId: MEMBER,
          actorName: p("name"),
          listUserId: OWNER,
          listId: LIST,
        },
        sql`EXISTS (SELECT 1 FROM added)`,
        trim,
      )}
      SELECT EXISTS (SELECT 1 FROM target) AS found,
        (SELECT count(*) FROM added)::int AS added,
        (SELECT count(*) FROM removed)::int AS removed,
        COALESCE((SELECT upvote_count FROM counted), (SELECT upvote_count FROM ${lists} WHERE ${theList}))::int AS count`,
  );
}

/** The toggles' statements, built once per process. */
function reactionStatements(db: Db) {
  const theFavorite = sql`${favorites.userId} = ${MEMBER} AND ${favorites.listUserId} = ${OWNER} AND ${favorites.listId} = ${LIST}`;
  return {
    upvote: { plain: upvoteStatement(db, false), trimming: upvoteStatement(db, true) },
    favorite: builtStatement<{ found: boolean; favorited: boolean }>(
      db,
      sql`
        WITH ${toggleSteps(favorites, theFavorite, {
          columns: sql`(user_id, list_user_id, list_id)`,
          values: sql`${MEMBER}::text, ${OWNER}::text, ${LIST}::text`,
        })}
        SELECT EXISTS (SELECT 1 FROM target) AS found, NOT EXISTS (SELECT 1 FROM removed) AS favorited`,
    ),
  };
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
  const { upvote } = store.perApp(reactionStatements);
  const [row] = await (trimDue() ? upvote.trimming : upvote.plain).rows({
    owner: ownerId,
    list: listId,
    member: voterId,
    name: name ?? "Someone",
    notice: randomUUID(),
  });
  if (!row?.found) throw notFound("List not found");
  const upvoted = row.added > 0;
  const delta = row.added - row.removed;
  const upvoteCount = row.count;
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
  const [row] = await store
    .perApp(reactionStatements)
    .favorite.rows({ owner: ownerId, list: listId, member: userId });
  if (!row?.found) throw notFound("List not found");
  await store.events.emit("favorite-toggled", { ownerId, listId, userId });
  return { favorited: row.favorited };
}
