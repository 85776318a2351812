import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { batchedRead } from "../../db/batched-reads.ts";
import type { Db, Tx } from "../../db/client.ts";
import { textArray } from "../../db/text-array.ts";
import { categories, comments, commentVotes, lists, user } from "../../db/schema/index.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import { cached, forgetCachedPrefix } from "../browse/browse-cache.ts";
import { type ReaderMemo, readerMemo } from "../browse/reader-memo.ts";
import { notify } from "../notifications/notifications.service.ts";
import {
  COMMENT_AUTHOR_FALLBACK,
  COMMENT_MESSAGES,
  type CommentSort,
  wilsonLowerBound,
} from "#shared/comments.ts";

/** A discussion's owner: a list (by owner and id) or a global ranking category. */
export type Target = { listUserId: string; listId: string } | { categoryId: string };

export interface Viewer {
  id: string;
  /** Editors (ADMIN_EMAILS) moderate: they may delete any comment. */
  isEditor: boolean;
}

export interface CommentView {
  id: string;
  parentId: string | null;
  author: { id: string; name: string; pictureUrl: string | null };
  /** The author a reply answers (replies to replies are addressed, not nested). */
  replyTo: { id: string; name: string } | null;
  /** Empty for a deleted comment kept as its thread's placeholder. */
  text: string;
  deleted: boolean;
  createdAt: string;
  upvotes: number;
  downvotes: number;
  score: number;
  /** The reader's vote: 1, -1 or 0. */
  myVote: number;
  canDelete: boolean;
}

export interface Thread extends CommentView {
  replies: CommentView[];
}

export interface Discussion {
  threads: Thread[];
  /** Comments shown (placeholders not counted). */
  count: number;
}

const isList = (t: Target): t is { listUserId: string; listId: string } => "listId" in t;

const targetWhere = (t: Target) =>
  isList(t)
    ? and(eq(comments.listUserId, t.listUserId), eq(comments.listId, t.listId))
    : eq(comments.categoryId, t.categoryId);

function targetOfRow(row: {
  listUserId: string | null;
  listId: string | null;
  categoryId: string | null;
}): Target {
  if (row.listUserId && row.listId) return { listUserId: row.listUserId, listId: row.listId };
  return { categoryId: row.categoryId ?? "" };
}

/** The list's owner for a list target, null for a category; a 404 when there is no such target. */
async function requireTarget(db: Db | Tx, t: Target): Promise<{ ownerId: string | null }> {
  if (isList(t)) {
    const [row] = await db
      .select({ userId: lists.userId })
      .from(lists)
      .where(and(eq(lists.userId, t.listUserId), eq(lists.id, t.listId), eq(lists.isPublic, true)));
    if (!row) throw notFound("List not found");
    return { ownerId: row.userId };
  }
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, t.categoryId));
  if (!category) throw notFound("Category not found.");
  return { ownerId: null };
}

const replyToUser = alias(user, "reply_to_user");

/** How long a discussion is shared between readers; writes and their events clear it sooner. */
const DISCUSSION_TTL_MS = 2000;

interface SharedDiscussion {
  discussion: Discussion;
  /**
   * The discussion as a visitor sees it, serialised and encoded once: one
   * object for every visitor, so the response compression keeps its
   * compressed copy too (compression.ts).
   */
  bytes: Uint8Array<ArrayBuffer>;
  /**
   * Where each comment's reader fields (VISITOR_FIELDS) start in `bytes`, in
   * the order the comments appear (`inOrder`): a member's copy is the shared
   * bytes with only their own comments' and votes' fields replaced.
   */
  fieldsAt: number[];
  /** A comment's place in `inOrder`, by id. */
  placeOf: Map<string, number>;
  /** The places of each author's comments that are not deleted (a member may delete their own). */
  placesBy: Map<string, number[]>;
  inOrder: CommentView[];
  /** Readers' own votes, kept as long as this copy (any write to the discussion drops both). */
  votesOf: ReaderMemo<Map<string, number>>;
}

/** How a visitor's copy ends each comment (CommentView's last two fields); JSON text cannot hold it inside a string. */
const VISITOR_FIELDS = Buffer.from('"myVote":0,"canDelete":false');
/** A reader's fields as bytes, encoded once for each vote (-1, 0, 1) and delete right. */
const encodedFields = new Map<string, Buffer>();
function readerFields(myVote: number, canDelete: boolean): Buffer {
  const text = `"myVote":${myVote},"canDelete":${canDelete}`;
  let bytes = encodedFields.get(text);
  if (!bytes) encodedFields.set(text, (bytes = Buffer.from(text)));
  return bytes;
}

const discussionKey = (t: Target) =>
  `discussion:${isList(t) ? `l:${t.listUserId}:${t.listId}` : `c:${t.categoryId}`}:`;
const keyOf = (t: Target, sort: CommentSort) => discussionKey(t) + sort;

/** A whole discussion as a visitor sees it, in one indexed query; threads are assembled and sorted here. */
async function loadDiscussion(db: Db, target: Target, sort: CommentSort): Promise<SharedDiscussion> {
  await requireTarget(db, target);
  const rows = await db
    .select({
      id: comments.id,
      parentId: comments.parentId,
      authorId: comments.authorId,
      authorName: user.name,
      authorPictureUrl: user.profilePictureUrl,
      replyToId: comments.replyToUserId,
      replyToName: replyToUser.name,
      text: comments.text,
      deleted: comments.deleted,
      createdAt: comments.createdAt,
      upvotes: comments.upvotes,
      downvotes: comments.downvotes,
    })
    .from(comments)
    .innerJoin(user, eq(user.id, comments.authorId))
    .leftJoin(replyToUser, eq(replyToUser.id, comments.replyToUserId))
    .where(targetWhere(target))
    .orderBy(sql`${comments.createdAt} DESC`, sql`${comments.id} DESC`);

  const view = (r: (typeof rows)[number]): CommentView => ({
    id: r.id,
    parentId: r.parentId,
    author: {
      id: r.authorId,
      name: r.authorName.trim() || COMMENT_AUTHOR_FALLBACK,
      pictureUrl: r.authorPictureUrl,
    },
    replyTo: r.replyToId && r.replyToName ? { id: r.replyToId, name: r.replyToName } : null,
    text: r.deleted ? "" : r.text,
    deleted: r.deleted,
    createdAt: r.createdAt.toISOString(),
    upvotes: r.upvotes,
    downvotes: r.downvotes,
    score: r.upvotes - r.downvotes,
    myVote: 0,
    canDelete: false,
  });

  const threads = new Map<string, Thread>();
  for (const r of rows) if (!r.parentId) threads.set(r.id, { ...view(r), replies: [] });
  // Rows come newest first; a thread reads as a conversation, oldest reply first.
  for (const r of [...rows].reverse()) if (r.parentId) threads.get(r.parentId)?.replies.push(view(r));
  const ordered = [...threads.values()].sort(THREAD_ORDER[sort]);
  const discussion = { threads: ordered, count: rows.filter((r) => !r.deleted).length };
  const bytes = Buffer.from(JSON.stringify(discussion));
  const inOrder = ordered.flatMap((t) => [t, ...t.replies]);
  const fieldsAt: number[] = [];
  for (let at = bytes.indexOf(VISITOR_FIELDS); at >= 0; at = bytes.indexOf(VISITOR_FIELDS, at + 1)) {
    fieldsAt.push(at);
  }
  // Comment text is escaped JSON and cannot hold the marker: one per comment.
  if (fieldsAt.length !== inOrder.length) throw new Error("discussion text out of step with its comments");
  const placesBy = new Map<string, number[]>();
  inOrder.forEach((c, place) => {
    if (c.deleted) return;
    const places = placesBy.get(c.author.id);
    if (places) places.push(place);
    else placesBy.set(c.author.id, [place]);
  });
  return {
    discussion,
    bytes,
    fieldsAt,
    placeOf: new Map(inOrder.map((c, place) => [c.id, place])),
    placesBy,
    inOrder,
    votesOf: readerMemo(),
  };
}

interface VotesAsked {
  target: Target;
  viewerId: string;
}

const votesReaders = new WeakMap<Db, (asked: VotesAsked) => Promise<Map<string, number> | undefined>>();

/**
 * Readers' own votes in a discussion: the readers of one discussion asking at
 * the same moment share one indexed query (batchedRead), one per discussion.
 */
function votesReaderOf(db: Db) {
  let read = votesReaders.get(db);
  if (read) return read;
  read = batchedRead(async (asked: VotesAsked[]) => {
    const byTarget = new Map<string, VotesAsked[]>();
    for (const a of asked) {
      const key = JSON.stringify(a.target);
      byTarget.set(key, [...(byTarget.get(key) ?? []), a]);
    }
    const answers = new Map<VotesAsked, Map<string, number>>();
    for (const group of byTarget.values()) {
      const rows = await db
        .select({ id: commentVotes.commentId, value: commentVotes.value, userId: commentVotes.userId })
        .from(commentVotes)
        .innerJoin(comments, eq(comments.id, commentVotes.commentId))
        .where(
          and(
            sql`${commentVotes.userId} = ANY(${textArray(group.map((a) => a.viewerId))})`,
            targetWhere(group[0]!.target),
          ),
        );
      for (const a of group) answers.set(a, new Map());
      for (const r of rows)
        for (const a of group) if (a.viewerId === r.userId) answers.get(a)!.set(r.id, r.value);
    }
    return answers;
  });
  votesReaders.set(db, read);
  return read;
}

/** The reader's own votes in one discussion. */
async function votesOf(db: Db, target: Target, viewerId: string): Promise<Map<string, number>> {
  return (await votesReaderOf(db)({ target, viewerId })) ?? new Map();
}

/**
 * A discussion as JSON for one reader. Everyone shares one copy for a moment
 * (a burst of readers costs one query); a member's own votes and delete
 * rights are laid over it, and a member with neither reads the shared text.
 */
export async function discussionJson(
  db: Db,
  target: Target,
  sort: CommentSort,
  viewer: Viewer | null,
): Promise<Uint8Array<ArrayBuffer>> {
  const shared = await cached(db, keyOf(target, sort), DISCUSSION_TTL_MS, () =>
    loadDiscussion(db, target, sort),
  );
  if (!viewer) return shared.bytes;
  const mine = await shared.votesOf(viewer.id, () => votesOf(db, target, viewer.id));
  // The member's fields by place: their votes, and the comments they may delete.
  const changed = new Map<number, { myVote: number; canDelete: boolean }>();
  const deletable = viewer.isEditor
    ? shared.inOrder.flatMap((c, place) => (c.deleted ? [] : [place]))
    : (shared.placesBy.get(viewer.id) ?? []);
  for (const place of deletable) changed.set(place, { myVote: 0, canDelete: true });
  for (const [id, myVote] of mine) {
    const place = shared.placeOf.get(id);
    if (place === undefined || myVote === 0 || shared.inOrder[place]!.deleted) continue;
    changed.set(place, { myVote, canDelete: changed.has(place) });
  }
  if (changed.size === 0) return shared.bytes;
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const place of [...changed.keys()].sort((a, b) => a - b)) {
    const at = shared.fieldsAt[place]!;
    const { myVote, canDelete } = changed.get(place)!;
    parts.push(shared.bytes.subarray(from, at), readerFields(myVote, canDelete));
    from = at + VISITOR_FIELDS.length;
  }
  parts.push(shared.bytes.subarray(from));
  return Buffer.concat(parts);
}

/** The same, as an object (tests and callers inside the server). */
export async function discussionOf(
  db: Db,
  target: Target,
  sort: CommentSort,
  viewer: Viewer | null,
): Promise<Discussion> {
  const json = await discussionJson(db, target, sort, viewer);
  return JSON.parse(Buffer.from(json).toString()) as Discussion;
}

/**
 * A comment write (or its event from another process, which names the
 * target) makes that discussion's cached copies stale, in every sort; the
 * other discussions keep theirs.
 */
export const forgetDiscussion = (db: Db, target: Target) => forgetCachedPrefix(db, discussionKey(target));

const newestFirst = (a: CommentView, b: CommentView) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/** New is the specification's order; Best and Top are ours (ties: newest first). */
const THREAD_ORDER: Record<CommentSort, (a: Thread, b: Thread) => number> = {
  new: newestFirst,
  best: (a, b) =>
    wilsonLowerBound(b.upvotes, b.downvotes) - wilsonLowerBound(a.upvotes, a.downvotes) || newestFirst(a, b),
  top: (a, b) => b.score - a.score || newestFirst(a, b),
};

export interface NewComment {
  target: Target;
  text: string;
  replyTo?: string | undefined;
}

/** Who a write should ring (their Inbox badge), after it has committed. */
export interface Rung {
  notified: string[];
}

/**
 * Adds a comment, or a reply in the thread of the comment answered. The list's
 * owner is told of a new comment, the author answered of a reply (never
 * oneself, and never twice for one comment): in the same transaction.
 */
export async function addComment(db: Db, actor: { id: string; name: string }, input: NewComment) {
  return db.transaction(async (tx) => {
    const { ownerId } = await requireTarget(tx, input.target);
    let parentId: string | null = null;
    let replyToUserId: string | null = null;
    if (input.replyTo) {
      const [answered] = await tx
        .select({ id: comments.id, parentId: comments.parentId, authorId: comments.authorId })
        .from(comments)
        .where(and(eq(comments.id, input.replyTo), targetWhere(input.target), eq(comments.deleted, false)));
      if (!answered) throw notFound(COMMENT_MESSAGES.notFound);
      parentId = answered.parentId ?? answered.id;
      replyToUserId = answered.authorId;
    }
    const id = randomUUID();
    const listTarget = isList(input.target) ? input.target : null;
    await tx.insert(comments).values({
      id,
      listUserId: listTarget?.listUserId ?? null,
      listId: listTarget?.listId ?? null,
      categoryId: listTarget ? null : (input.target as { categoryId: string }).categoryId,
      authorId: actor.id,
      parentId,
      replyToUserId,
      text: input.text,
    });
    const about = {
      actorId: actor.id,
      actorName: actor.name,
      listUserId: listTarget?.listUserId ?? null,
      listId: listTarget?.listId ?? null,
      categoryId: listTarget ? null : (input.target as { categoryId: string }).categoryId,
      commentId: id,
      content: input.text,
    };
    const notified: string[] = [];
    if (replyToUserId && (await notify(tx, { ...about, recipientId: replyToUserId, type: "comment_reply" })))
      notified.push(replyToUserId);
    if (
      ownerId &&
      ownerId !== replyToUserId &&
      (await notify(tx, { ...about, recipientId: ownerId, type: "comment" }))
    )
      notified.push(ownerId);
    return { id, notified } satisfies Rung & { id: string };
  });
}

export interface VoteResult {
  upvotes: number;
  downvotes: number;
  score: number;
  myVote: number;
}

/**
 * Up toggles the reader's upvote and removes a downvote; down is the mirror;
 * the same again removes it. The comment's row is locked first, so votes on
 * one comment take turns and its counts are exact under any concurrency. An
 * upvote tells the author, once per reader.
 */
export async function voteComment(
  db: Db,
  voter: { id: string; name: string },
  commentId: string,
  value: 1 | -1,
) {
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .select({
        authorId: comments.authorId,
        deleted: comments.deleted,
        listUserId: comments.listUserId,
        listId: comments.listId,
        categoryId: comments.categoryId,
        text: comments.text,
      })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for("update");
    if (!comment || comment.deleted) throw notFound(COMMENT_MESSAGES.notFound);
    const [existing] = await tx
      .select({ value: commentVotes.value })
      .from(commentVotes)
      .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, voter.id)));
    const before = existing?.value ?? 0;
    const after = before === value ? 0 : value;
    if (after === 0) {
      await tx
        .delete(commentVotes)
        .where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, voter.id)));
    } else {
      await tx
        .insert(commentVotes)
        .values({ commentId, userId: voter.id, value: after })
        .onConflictDoUpdate({ target: [commentVotes.commentId, commentVotes.userId], set: { value: after } });
    }
    const up = (after === 1 ? 1 : 0) - (before === 1 ? 1 : 0);
    const down = (after === -1 ? 1 : 0) - (before === -1 ? 1 : 0);
    const [counts] = await tx
      .update(comments)
      .set({ upvotes: sql`${comments.upvotes} + ${up}`, downvotes: sql`${comments.downvotes} + ${down}` })
      .where(eq(comments.id, commentId))
      .returning({ upvotes: comments.upvotes, downvotes: comments.downvotes });
    const notified: string[] = [];
    if (
      after === 1 &&
      (await notify(tx, {
        recipientId: comment.authorId,
        type: "comment_like",
        actorId: voter.id,
        actorName: voter.name,
        listUserId: comment.listUserId,
        listId: comment.listId,
        categoryId: comment.categoryId,
        commentId,
        content: comment.text,
      }))
    )
      notified.push(comment.authorId);
    const upvotes = counts?.upvotes ?? 0;
    const downvotes = counts?.downvotes ?? 0;
    const result: VoteResult = { upvotes, downvotes, score: upvotes - downvotes, myVote: after };
    return { result, notified, target: targetOfRow(comment) };
  });
}

/**
 * Deletes a comment (its author, or an editor). One with replies stays as a
 * placeholder so its thread is not orphaned; a reply's removal also removes a
 * placeholder left with no replies.
 */
export async function deleteComment(db: Db, viewer: Viewer, commentId: string): Promise<Target> {
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .select({
        authorId: comments.authorId,
        parentId: comments.parentId,
        deleted: comments.deleted,
        listUserId: comments.listUserId,
        listId: comments.listId,
        categoryId: comments.categoryId,
      })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for("update");
    if (!comment || comment.deleted) throw notFound(COMMENT_MESSAGES.notFound);
    if (comment.authorId !== viewer.id && !viewer.isEditor) throw forbidden(COMMENT_MESSAGES.notYourComment);
    const [reply] = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.parentId, commentId))
      .limit(1);
    if (reply) {
      await tx
        .update(comments)
        .set({ deleted: true, text: "", upvotes: 0, downvotes: 0 })
        .where(eq(comments.id, commentId));
      await tx.delete(commentVotes).where(eq(commentVotes.commentId, commentId));
      return targetOfRow(comment);
    }
    await tx.delete(comments).where(eq(comments.id, commentId));
    if (comment.parentId) {
      // A placeholder whose last reply went has nothing left to hold together.
      await tx.execute(sql`
        DELETE FROM ${comments} p WHERE p.id = ${comment.parentId} AND p.deleted
          AND NOT EXISTS (SELECT 1 FROM ${comments} r WHERE r.parent_id = p.id)`);
    }
    return targetOfRow(comment);
  });
}
