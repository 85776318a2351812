import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { comments, commentVotes } from "../../db/schema/index.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import type { Store } from "../../store.ts";
import { blankCommentNotifications, notify } from "../notifications/notifications.service.ts";
import { COMMENT_MESSAGES } from "#shared/comments.ts";
import { isList, requireTarget, type Target, targetOfRow, targetWhere } from "./comment-targets.ts";

// A discussion's writes: each commits, then announces itself (a domain event
// that drops the discussion's cached copies on every process and tells open
// pages and rung Inboxes). Reading is discussion.service.ts.

export interface Viewer {
  id: string;
  /** Editors (ADMIN_EMAILS) moderate: they may delete any comment. */
  isEditor: boolean;
}

export interface NewComment {
  target: Target;
  text: string;
  replyTo?: string | undefined;
}

/**
 * Adds a comment, or a reply in the thread of the comment answered. The list's
 * owner is told of a new comment, the author answered of a reply (never
 * oneself, and never twice for one comment): in the same transaction.
 */
export async function addComment(store: Store, actor: { id: string; name: string }, input: NewComment) {
  const { id, notified } = await store.db.transaction(async (tx) => {
    const { ownerId } = await requireTarget(tx, input.target, { forWriting: true });
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
    const categoryId = listTarget ? null : (input.target as { categoryId: string }).categoryId;
    await tx.insert(comments).values({
      id,
      listUserId: listTarget?.listUserId ?? null,
      listId: listTarget?.listId ?? null,
      categoryId,
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
      categoryId,
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
    return { id, notified };
  });
  await store.events.emit("comment-posted", { target: input.target, commentId: id, notified });
  return { id };
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
  store: Store,
  voter: { id: string; name: string },
  commentId: string,
  value: 1 | -1,
): Promise<VoteResult> {
  const { result, notified, target } = await store.db.transaction(async (tx) => {
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
    const target = targetOfRow(comment);
    await requireTarget(tx, target, { forWriting: true });
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
    // A comment without an author is a placeholder, refused above; the check tells the compiler.
    const authorId = comment.authorId;
    if (
      after === 1 &&
      authorId &&
      (await notify(tx, {
        recipientId: authorId,
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
      notified.push(authorId);
    const upvotes = counts?.upvotes ?? 0;
    const downvotes = counts?.downvotes ?? 0;
    const result: VoteResult = { upvotes, downvotes, score: upvotes - downvotes, myVote: after };
    return { result, notified, target };
  });
  await store.events.emit("comment-voted", { target, commentId, notified });
  return result;
}

/**
 * Deletes a comment (its author, or an editor; in a closed category's
 * discussion too, so abuse can always be removed). One with replies stays as
 * a placeholder so its thread is not orphaned; a reply's removal also removes
 * a placeholder left with no replies. Either way no notification shows its
 * text any more.
 */
export async function deleteComment(store: Store, viewer: Viewer, commentId: string): Promise<void> {
  const target = await store.db.transaction(async (tx) => {
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
    await blankCommentNotifications(tx, commentId);
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
  await store.events.emit("comment-deleted", { target, commentId });
}
