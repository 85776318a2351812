import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { textArray } from "../../db/text-array.ts";
import {
  account,
  comments,
  commentVotes,
  drafts,
  favorites,
  listItems,
  lists,
  listUpvotes,
  notifications,
  submissions,
  user,
} from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { trimNotifications } from "../notifications/notifications.service.ts";
import { EXPORT_FORMAT_VERSION } from "#shared/account.ts";
import { decodeHorizon } from "#shared/spoiler-horizon.ts";

/** Rows read per query: what the server holds of an export at any moment is one page. */
export const EXPORT_PAGE_SIZE = 500;

/** One section of the file: its rows a page at a time, each page after the last row of the one before. */
interface Section<R, K> {
  name: string;
  page(after: K | null, size: number): Promise<R[]>;
  keyOf(row: R): K;
  /** The rows as they go into the file (may read more, for the page only). */
  shape(rows: R[]): Promise<unknown[]> | unknown[];
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const section = <R, K>(s: Section<R, K>) => s;

/** Keyset order on two columns: rows after (a, b). */
const after2 = (a: SQL, b: SQL, key: [string, string] | null) =>
  key ? sql`(${a}, ${b}) > (${key[0]}, ${key[1]})` : sql`TRUE`;

function sectionsOf(db: Db, userId: string) {
  return [
    section({
      name: "lists",
      page: (after: string | null, size) =>
        db
          .select()
          .from(lists)
          .where(and(eq(lists.userId, userId), after ? sql`${lists.id} > ${after}` : undefined))
          .orderBy(asc(lists.id))
          .limit(size),
      keyOf: (r) => r.id,
      async shape(rows) {
        const items = await db
          .select({ listId: listItems.listId, itemId: listItems.itemId })
          .from(listItems)
          .where(
            and(
              eq(listItems.userId, userId),
              sql`${listItems.listId} = ANY(${textArray(rows.map((r) => r.id))})`,
            ),
          )
          .orderBy(asc(listItems.listId), asc(listItems.position));
        const entries = new Map<string, string[]>();
        for (const i of items) entries.set(i.listId, [...(entries.get(i.listId) ?? []), i.itemId]);
        return rows.map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          kind: r.kind,
          tags: r.tags,
          isPublic: r.isPublic,
          upvoteCount: r.upvoteCount,
          createdAt: iso(r.createdAt),
          updatedAt: iso(r.updatedAt),
          entries: entries.get(r.id) ?? [],
        }));
      },
    }),
    section({
      name: "comments",
      page: (after: string | null, size) =>
        db
          .select()
          .from(comments)
          .where(and(eq(comments.authorId, userId), after ? sql`${comments.id} > ${after}` : undefined))
          .orderBy(asc(comments.id))
          .limit(size),
      keyOf: (r) => r.id,
      shape: (rows) =>
        rows.map((r) => ({
          id: r.id,
          on: r.categoryId ? { categoryId: r.categoryId } : { listUserId: r.listUserId, listId: r.listId },
          replyTo: r.parentId,
          text: r.text,
          upvotes: r.upvotes,
          downvotes: r.downvotes,
          createdAt: iso(r.createdAt),
        })),
    }),
    section({
      name: "commentVotes",
      page: (after: string | null, size) =>
        db
          .select()
          .from(commentVotes)
          .where(
            and(
              eq(commentVotes.userId, userId),
              after ? sql`${commentVotes.commentId} > ${after}` : undefined,
            ),
          )
          .orderBy(asc(commentVotes.commentId))
          .limit(size),
      keyOf: (r) => r.commentId,
      shape: (rows) =>
        rows.map((r) => ({ commentId: r.commentId, value: r.value, createdAt: iso(r.createdAt) })),
    }),
    section({
      name: "listUpvotes",
      page: (after: [string, string] | null, size) =>
        db
          .select()
          .from(listUpvotes)
          .where(
            and(
              eq(listUpvotes.voterId, userId),
              after2(sql`${listUpvotes.listUserId}`, sql`${listUpvotes.listId}`, after),
            ),
          )
          .orderBy(asc(listUpvotes.listUserId), asc(listUpvotes.listId))
          .limit(size),
      keyOf: (r): [string, string] => [r.listUserId, r.listId],
      shape: (rows) =>
        rows.map((r) => ({ listUserId: r.listUserId, listId: r.listId, createdAt: iso(r.createdAt) })),
    }),
    section({
      name: "favorites",
      page: (after: [string, string] | null, size) =>
        db
          .select()
          .from(favorites)
          .where(
            and(
              eq(favorites.userId, userId),
              after2(sql`${favorites.listUserId}`, sql`${favorites.listId}`, after),
            ),
          )
          .orderBy(asc(favorites.listUserId), asc(favorites.listId))
          .limit(size),
      keyOf: (r): [string, string] => [r.listUserId, r.listId],
      shape: (rows) =>
        rows.map((r) => ({ listUserId: r.listUserId, listId: r.listId, favoritedAt: iso(r.favoritedAt) })),
    }),
    section({
      name: "globalRankingsSubmissions",
      page: (after: string | null, size) =>
        db
          .select()
          .from(submissions)
          .where(
            and(
              eq(submissions.userId, userId),
              after ? sql`${submissions.categoryId} > ${after}` : undefined,
            ),
          )
          .orderBy(asc(submissions.categoryId))
          .limit(size),
      keyOf: (r) => r.categoryId,
      shape: (rows) =>
        rows.map((r) => ({
          categoryId: r.categoryId,
          slots: r.slots,
          submittedAt: iso(r.submittedAt),
          updatedAt: iso(r.updatedAt),
        })),
    }),
    section({
      name: "notifications",
      page: (after: string | null, size) =>
        db
          .select()
          .from(notifications)
          .where(
            and(
              eq(notifications.recipientId, userId),
              after ? sql`${notifications.id} > ${after}` : undefined,
            ),
          )
          .orderBy(asc(notifications.id))
          .limit(size),
      keyOf: (r) => r.id,
      shape: (rows) =>
        rows.map((r) => ({
          id: r.id,
          type: r.type,
          actorName: r.actorName,
          listUserId: r.listUserId,
          listId: r.listId,
          commentId: r.commentId,
          categoryId: r.categoryId,
          content: r.content,
          isNew: r.isNew,
          createdAt: iso(r.createdAt),
        })),
    }),
  ];
}

/** The sections of the file in order, for tests that count what each holds. */
export const EXPORT_SECTIONS = [
  "lists",
  "comments",
  "commentVotes",
  "listUpvotes",
  "favorites",
  "globalRankingsSubmissions",
  "notifications",
] as const;

/**
 * A member's data as one JSON document (docs/product.md, Your account),
 * produced as text chunks: the head (format, profile, draft), then each
 * section a page of `pageSize` rows at a time, read by primary key after the
 * page before. Nothing but the page in hand is held, so a member with
 * thousands of rows costs the server what one page costs; the caller
 * streams the chunks out as they come.
 */
export async function* exportChunks(
  db: Db,
  userId: string,
  { pageSize = EXPORT_PAGE_SIZE, now = new Date() } = {},
): AsyncGenerator<string, void, undefined> {
  const [me] = await db.select().from(user).where(eq(user.id, userId));
  if (!me) throw notFound("User profile not found.");
  // The file holds the notifications the member keeps, as their Inbox does.
  await trimNotifications(db, userId);
  const methods = await db
    .select({ providerId: account.providerId })
    .from(account)
    .where(eq(account.userId, userId));
  const [draft] = await db.select().from(drafts).where(eq(drafts.userId, userId));
  const head = {
    format: "survivor-rankings-member-data",
    formatVersion: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    profile: {
      id: me.id,
      name: me.name,
      email: me.email,
      createdAt: iso(me.createdAt),
      profilePictureUrl: me.profilePictureUrl,
      idolsFound: me.idolsFound,
      spoilerHorizon: decodeHorizon(me.spoilerHorizon),
      signInMethods: methods.map((m) => m.providerId).sort(),
    },
    draft: draft
      ? {
          name: draft.name,
          description: draft.description,
          tags: draft.tags,
          entries: draft.items,
          updatedAt: iso(draft.updatedAt),
        }
      : null,
  };
  // The head's closing brace is left off: the sections follow inside it.
  yield JSON.stringify(head).slice(0, -1);
  for (const s of sectionsOf(db, userId) as Section<unknown, unknown>[]) {
    yield `,${JSON.stringify(s.name)}:[`;
    let after: unknown = null;
    let first = true;
    for (;;) {
      const rows = await s.page(after, pageSize);
      if (rows.length === 0) break;
      const shaped = await s.shape(rows);
      yield (first ? "" : ",") + shaped.map((r) => JSON.stringify(r)).join(",");
      first = false;
      if (rows.length < pageSize) break;
      after = s.keyOf(rows.at(-1)!);
    }
    yield "]";
  }
  yield "}";
}
