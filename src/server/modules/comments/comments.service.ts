import { randomUUID } from "node:crypto";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { type BuiltStatement, builtStatement } from "../../db/built-query.ts";
import { comments, commentVotes } from "../../db/schema/index.ts";
import { forbidden, notFound } from "../../http/errors.ts";
import type { Store } from "../../store.ts";
import {
  blankCommentNotifications,
  notificationStepsFor,
  notify,
  trimDue,
} from "../notifications/notifications.service.ts";
import { COMMENT_MESSAGES } from "#shared/comments.ts";
import {
  isList,
  requireTarget,
  type Target,
  targetOfRow,
  targetRefusal,
  targetRow,
  targetWhere,
} from "./comment-targets.ts";

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
 * oneself, and never twice for one comment). One statement does it all, so
 * the comment and its notifications exist together or not at all, in one
 * round trip to the database (a transaction of four statements and its
 * BEGIN and COMMIT took six: docs/performance.md, "Fewer round trips").
 */
export async function addComment(store: Store, actor: { id: string; name: string }, input: NewComment) {
  const id = randomUUID();
  const list = isList(input.target) ? input.target : null;
  const statement = store.perApp(commentStatements)({
    onList: list !== null,
    trimReply: trimDue(),
    trimOwner: trimDue(),
  });
  const [row] = await statement.rows({
    id,
    listUser: list?.listUserId ?? null,
    list: list?.listId ?? null,
    category: list ? null : (input.target as { categoryId: string }).categoryId,
    replyTo: input.replyTo ?? null,
    author: actor.id,
    authorName: actor.name,
    text: input.text,
    replyNotice: randomUUID(),
    ownerNotice: randomUUID(),
  });
  const refusal = targetRefusal(input.target, row?.found ? row : undefined, { forWriting: true });
  if (refusal) throw refusal;
  if (!row!.inserted) throw notFound(COMMENT_MESSAGES.notFound);
  await store.events.emit("comment-posted", { target: input.target, commentId: id, notified: row!.notified });
  return { id };
}

interface CommentVariant {
  onList: boolean;
  /** Whether each notification's step carries the trim (TRIM_EVERY). */
  trimReply: boolean;
  trimOwner: boolean;
}

/**
 * addComment's statement, built once per process and variant (a list's or a
 * category's discussion, each notification trimming or not): eight texts at
 * most, each filled in at every run (db/built-query.ts, builtStatement).
 */
function commentStatements(db: Db) {
  const built = new Map<string, BuiltStatement<AddedComment>>();
  return (v: CommentVariant) => {
    const key = `${v.onList}${v.trimReply}${v.trimOwner}`;
    let statement = built.get(key);
    if (!statement) built.set(key, (statement = builtStatement(db, commentStatement(v))));
    return statement;
  };
}

interface AddedComment {
  found: boolean;
  open: boolean;
  inserted: boolean;
  notified: string[];
}

function commentStatement({ onList, trimReply, trimOwner }: CommentVariant): SQL {
  const p = sql.placeholder;
  const [id, listUserId, listId, categoryId, replyTo, author] = [
    p("id"),
    p("listUser"),
    p("list"),
    p("category"),
    p("replyTo"),
    p("author"),
  ];
  const target = onList ? { listUserId, listId } : { categoryId };
  const about = {
    actorId: author,
    actorName: p("authorName"),
    listUserId,
    listId,
    categoryId,
    commentId: id,
    content: p("text"),
  };
  return sql`
    WITH target AS (${targetRow(target)}),
    answered AS (
      SELECT ${comments.id} AS id, COALESCE(${comments.parentId}, ${comments.id}) AS thread_id, ${comments.authorId} AS author_id
      FROM ${comments}
      WHERE ${comments.id} = ${replyTo}::text AND ${targetWhere(target)} AND NOT ${comments.deleted}
    ),
    inserted AS (
      INSERT INTO ${comments} (id, list_user_id, list_id, category_id, author_id, parent_id, reply_to_user_id, text)
      SELECT ${id}::text, ${listUserId}::text, ${listId}::text, ${categoryId}::text, ${author}::text,
        (SELECT thread_id FROM answered), (SELECT author_id FROM answered), ${about.content}::text
      FROM target
      WHERE target.open AND (${replyTo}::text IS NULL OR EXISTS (SELECT 1 FROM answered))
      RETURNING reply_to_user_id
    ),
    ${notificationStepsFor(
      sql`(SELECT reply_to_user_id FROM inserted)`,
      { ...about, id: p("replyNotice"), type: "comment_reply" },
      sql`TRUE`,
      "reply_notified",
      "reply_trimmed",
      trimReply,
    )},
    ${notificationStepsFor(
      sql`(SELECT owner_id FROM target)`,
      { ...about, id: p("ownerNotice"), type: "comment" },
      sql`EXISTS (SELECT 1 FROM inserted)
        AND (SELECT owner_id FROM target) IS DISTINCT FROM (SELECT reply_to_user_id FROM inserted)`,
      "owner_notified",
      "owner_trimmed",
      trimOwner,
    )}
    SELECT EXISTS (SELECT 1 FROM target) AS found,
      COALESCE((SELECT open FROM target), FALSE) AS open,
      EXISTS (SELECT 1 FROM inserted) AS inserted,
      ARRAY(SELECT recipient_id FROM reply_notified UNION ALL SELECT recipient_id FROM owner_notified) AS notified
  `;
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
  await store.events.emit("comment-voted", { target, commentId, voterId: voter.id, notified });
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
