import { randomUUID } from "node:crypto";
import { and, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { comments, notifications, user } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { LIMITS } from "#shared/limits.ts";
import type { NotificationType } from "#shared/notifications.ts";

export type { NotificationType };

export interface NewNotification {
  recipientId: string;
  type: NotificationType;
  actorId: string;
  actorName: string;
  listUserId?: string | null;
  listId?: string | null;
  categoryId?: string | null;
  commentId?: string;
  content?: string;
}

/** How many notifications a recipient keeps; older ones are dropped as new ones come. */
export const NOTIFICATIONS_KEPT = 200;

/**
 * One statement in this many that may write a notification (an upvote may
 * turn out a removal) also trims its recipient's to NOTIFICATIONS_KEPT.
 * The trim reads the recipient's others and cost more than the rest of
 * writing one (an upvote's statement took 1.0 ms with it, 0.7 without:
 * docs/performance.md), so it rides along now and then instead of every
 * time. Nothing reads past the newest
 * NOTIFICATIONS_KEPT (the Inbox and its unread count; an export trims
 * first), so a few more waiting in storage show nowhere.
 */
export const TRIM_EVERY = 16;
let mayNotify = 0;

/** Whether the next statement that may notify carries the trim: one in TRIM_EVERY. */
export const trimDue = () => mayNotify++ % TRIM_EVERY === 0;

/**
 * A notification's values, each as it is or as a placeholder that a
 * statement built once fills in at each run (db/built-query.ts,
 * builtStatement). `id` is a new one when not given.
 */
export type NotificationValues = {
  [K in keyof Omit<NewNotification, "recipientId">]: NewNotification[K] | Placeholder;
} & { id?: string | Placeholder };

/**
 * Written in the caller's transaction, so a notification exists exactly when
 * its cause does. Nobody is notified of their own action, and a like is
 * notified once per actor and thing liked (a unique index). Returns whether
 * one was written, so the caller knows whether to ring the recipient's bell.
 */
export async function notify(tx: Tx | Db, n: NewNotification): Promise<boolean> {
  if (n.recipientId === n.actorId) return false;
  const result = await tx.execute(sql`WITH ${notificationSteps(n)} SELECT count(*)::int AS n FROM notified`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
}

/**
 * `notify` as two steps of a larger statement (`WITH <steps>, ...`), so a
 * write and its notification are one round trip and one atomic statement:
 * `notified` writes it where `when` holds (not to the actor themselves);
 * one time in TRIM_EVERY, `trimmed` drops what the recipient has beyond
 * NOTIFICATIONS_KEPT.
 */
export function notificationSteps(
  n: NotificationValues & { recipientId: string | Placeholder },
  when: SQL = sql`TRUE`,
  trim = trimDue(),
): SQL {
  // The statement never notifies the actor; known here, it is not even asked.
  const wanted = n.recipientId === n.actorId ? sql`FALSE` : when;
  return notificationStepsFor(sql`${n.recipientId}::text`, n, wanted, "notified", "trimmed", trim);
}

/**
 * The same steps for a recipient the statement itself finds (`recipient`, an
 * SQL expression; nobody when it is null or the actor), named `notified`
 * and `trimmed` as asked, so that one statement can notify twice. The
 * `notified` step returns the recipient's id.
 */
export function notificationStepsFor(
  recipient: SQL,
  n: NotificationValues,
  when: SQL,
  notified: string,
  trimmed: string,
  trim = trimDue(),
): SQL {
  const text = (value: string | Placeholder | null | undefined) => sql`${value ?? null}::text`;
  const [written, dropped] = [sql.identifier(notified), sql.identifier(trimmed)];
  const insert = sql`${written} AS (
    INSERT INTO ${notifications} (id, recipient_id, type, actor_id, actor_name, list_user_id, list_id, comment_id, category_id, content)
    SELECT ${text(n.id ?? randomUUID())}, r.id, ${text(n.type)}, ${text(n.actorId)}, ${text(n.actorName)},
      ${text(n.listUserId)}, ${text(n.listId)}, ${text(n.commentId)}, ${text(n.categoryId)}, ${text(n.content)}
    FROM (SELECT ${recipient} AS id) r
    WHERE r.id IS NOT NULL AND r.id <> ${text(n.actorId)} AND ${when}
    ON CONFLICT DO NOTHING
    RETURNING recipient_id
  )`;
  if (!trim) return insert;
  // The statement's snapshot has not the new row: one fewer old one is kept.
  return sql`${insert}, ${dropped} AS (
    DELETE FROM ${notifications} WHERE EXISTS (SELECT 1 FROM ${written})
      AND id IN (${idsBeyond(sql`(SELECT recipient_id FROM ${written})`, NOTIFICATIONS_KEPT - 1)})
  )`;
}

/** The ids of a recipient's notifications past their `kept` newest: the Inbox's order, newest first. */
const idsBeyond = (recipient: SQL, kept: number) =>
  sql`SELECT id FROM ${notifications} WHERE recipient_id = ${recipient}
    ORDER BY created_at DESC, id DESC OFFSET ${sql.raw(String(kept))}`;

/** Drops what the recipient has beyond their NOTIFICATIONS_KEPT newest (before an export reads them all). */
export async function trimNotifications(db: Tx | Db, recipientId: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM ${notifications} WHERE id IN (${idsBeyond(sql`${recipientId}`, NOTIFICATIONS_KEPT)})`,
  );
}

/** Where a click on a notification leads; null when its comment is gone (docs/product.md, Inbox: no navigation). */
export type NotificationLink =
  { kind: "list"; userId: string; listId: string } | { kind: "category"; categoryId: string } | null;

export interface InboxEntry {
  id: string;
  type: string;
  actorId: string | null;
  actorName: string | null;
  /** The actor's current picture, read at read time (null: the placeholder, or the actor is gone). */
  actorPictureUrl: string | null;
  content: string | null;
  isNew: boolean;
  createdAt: string;
  link: NotificationLink;
}

export interface Inbox {
  notifications: InboxEntry[];
  unread: number;
}

/** The newest notifications of one recipient (at most 10) and how many are unread. */
export async function inboxOf(db: Db, recipientId: string): Promise<Inbox> {
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      actorId: notifications.actorId,
      actorName: notifications.actorName,
      actorPictureUrl: user.profilePictureUrl,
      content: notifications.content,
      isNew: notifications.isNew,
      createdAt: notifications.createdAt,
      listUserId: notifications.listUserId,
      listId: notifications.listId,
      categoryId: notifications.categoryId,
      commentId: notifications.commentId,
      commentGone: sql<boolean>`${notifications.commentId} IS NOT NULL AND (${comments.id} IS NULL OR ${comments.deleted})`,
    })
    .from(notifications)
    .leftJoin(comments, eq(comments.id, notifications.commentId))
    .leftJoin(user, eq(user.id, notifications.actorId))
    .where(eq(notifications.recipientId, recipientId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(LIMITS.notificationsShown);
  // Unread among the ones kept: a few older may still wait for a trim (TRIM_EVERY).
  const [count] = (
    (await db.execute(sql`
      SELECT count(*)::int AS unread FROM (
        SELECT ${notifications.isNew} AS is_new FROM ${notifications}
        WHERE ${notifications.recipientId} = ${recipientId}
        ORDER BY ${notifications.createdAt} DESC, ${notifications.id} DESC
        LIMIT ${sql.raw(String(NOTIFICATIONS_KEPT))}
      ) kept WHERE is_new`)) as unknown as { rows: { unread: number }[] }
  ).rows;
  return {
    notifications: rows.map((r) => ({
      id: r.id,
      type: r.type,
      actorId: r.actorId,
      actorName: r.actorName,
      actorPictureUrl: r.actorPictureUrl,
      content: r.content,
      isNew: r.isNew,
      createdAt: r.createdAt.toISOString(),
      link: linkOf(r),
    })),
    unread: count?.unread ?? 0,
  };
}

function linkOf(r: {
  type: string;
  listUserId: string | null;
  listId: string | null;
  categoryId: string | null;
  commentGone: boolean;
}): NotificationLink {
  // Likes and replies of a comment look the comment up first (docs/product.md, Inbox (notifications)).
  if ((r.type === "comment_like" || r.type === "comment_reply") && r.commentGone) return null;
  if (r.categoryId) return { kind: "category", categoryId: r.categoryId };
  if (r.listUserId && r.listId) return { kind: "list", userId: r.listUserId, listId: r.listId };
  return null;
}

/** Marks one of the recipient's notifications read (it never becomes unread again). */
export async function markRead(db: Db, recipientId: string, id: string): Promise<void> {
  const updated = await db
    .update(notifications)
    .set({ isNew: false })
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)))
    .returning({ id: notifications.id });
  if (updated.length === 0) throw notFound("Notification not found.");
}

/** Marks every unread notification of the recipient read. */
export async function markAllRead(db: Db, recipientId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ isNew: false })
    .where(and(eq(notifications.recipientId, recipientId), eq(notifications.isNew, true)));
}

/** A deleted list takes its notifications with it (likes, comments, replies, comment likes). */
export async function forgetListNotifications(tx: Tx | Db, listUserId: string, listId: string) {
  await tx
    .delete(notifications)
    .where(and(eq(notifications.listUserId, listUserId), eq(notifications.listId, listId)));
}

/**
 * A deleted comment's text leaves every notification that quoted it (a
 * comment, a reply, a like of it): what its author or an editor took down
 * stays down in the Inbox too.
 */
export async function blankCommentNotifications(tx: Tx | Db, commentId: string) {
  await tx.update(notifications).set({ content: null }).where(eq(notifications.commentId, commentId));
}
