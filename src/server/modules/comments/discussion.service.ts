import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { SharedDiscussion } from "../../cache/discussion-cache.ts";
import { batchedRead } from "../../db/batched-reads.ts";
import type { Db } from "../../db/client.ts";
import { textArrayLiteral, textArrayParam } from "../../db/text-array.ts";
import { builtStatement } from "../../db/built-query.ts";
import { comments, commentVotes, user } from "../../db/schema/index.ts";
import type { JsonBytes } from "../../http/json-bytes.ts";
import type { Store } from "../../store.ts";
import {
  COMMENT_AUTHOR_FALLBACK,
  type CommentSort,
  type CommentView,
  type Discussion,
  type Thread,
  wilsonLowerBound,
} from "#shared/comments.ts";
import { encodeDiscussion, forReader, type Reader } from "./discussion-wire.ts";
import { isList, requireTarget, type Target, targetWhere } from "./comment-targets.ts";

export type { Discussion, Reader };

const replyToUser = alias(user, "reply_to_user");

/** A whole discussion as a visitor sees it, in one indexed query; threads are assembled and sorted here. */
async function loadDiscussion(db: Db, target: Target, sort: CommentSort): Promise<Discussion> {
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
    // Left: a placeholder left by a deleted account has no author.
    .leftJoin(user, eq(user.id, comments.authorId))
    .leftJoin(replyToUser, eq(replyToUser.id, comments.replyToUserId))
    .where(targetWhere(target))
    .orderBy(sql`${comments.createdAt} DESC`, sql`${comments.id} DESC`);

  // A placeholder names nobody: not itself, and not through the replies that answered its author.
  const deletedAuthorOf = new Map(rows.filter((r) => r.deleted).map((r) => [r.id, r.authorId]));
  const view = (r: (typeof rows)[number]): CommentView => ({
    id: r.id,
    parentId: r.parentId,
    author: r.deleted
      ? null
      : {
          id: r.authorId ?? "",
          name: r.authorName?.trim() || COMMENT_AUTHOR_FALLBACK,
          pictureUrl: r.authorPictureUrl,
        },
    replyTo:
      r.replyToId && r.replyToName && !(r.parentId && deletedAuthorOf.get(r.parentId) === r.replyToId)
        ? { id: r.replyToId, name: r.replyToName }
        : null,
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
  return { threads: ordered, count: rows.filter((r) => !r.deleted).length };
}

const newestFirst = (a: CommentView, b: CommentView) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/** New is the first order; Best and Top rank by votes (docs/product.md, Comments). Ties: newest first. */
const THREAD_ORDER: Record<CommentSort, (a: Thread, b: Thread) => number> = {
  new: newestFirst,
  best: (a, b) =>
    wilsonLowerBound(b.upvotes, b.downvotes) - wilsonLowerBound(a.upvotes, a.downvotes) || newestFirst(a, b),
  top: (a, b) => b.score - a.score || newestFirst(a, b),
};

interface VotesAsked {
  target: Target;
  viewerId: string;
}

interface VoteRow {
  id: string;
  value: number;
  userId: string;
}

/**
 * Readers' own votes in a discussion: the readers of one discussion asking at
 * the same moment share one indexed query (batchedRead), one per discussion.
 *
 * The query starts from the readers' votes and looks each voted comment up by
 * its key, so it reads as many rows as the readers ever voted. Written as a
 * plain join, PostgreSQL started from the discussion's comments instead and
 * looked for the readers' votes on every one of them: a plan kept for every
 * discussion guesses a discussion at about one comment (most have few), and a
 * popular one, the one read most, has hundreds. The lookup sits in a
 * subquery with OFFSET 0, which keeps the planner from turning the join
 * round (docs/performance.md, "Readers' votes from their side").
 */
function votesReaderOf(db: Db) {
  // Built once for each kind of discussion (db/built-query.ts).
  const votesWhere = (target: Parameters<typeof targetWhere>[0]) =>
    builtStatement<VoteRow>(
      db,
      sql`SELECT ${commentVotes.commentId} AS id, ${commentVotes.value} AS value, ${commentVotes.userId} AS "userId"
          FROM ${commentVotes}
          CROSS JOIN LATERAL (
            SELECT ${comments.listUserId}, ${comments.listId}, ${comments.categoryId} FROM ${comments}
            WHERE ${comments.id} = ${commentVotes.commentId} OFFSET 0
          ) AS ${comments}
          WHERE ${commentVotes.userId} = ANY(${textArrayParam("viewers")}) AND ${targetWhere(target)}`,
    );
  const onList = votesWhere({ listUserId: sql.placeholder("listUserId"), listId: sql.placeholder("listId") });
  const onCategory = votesWhere({ categoryId: sql.placeholder("categoryId") });
  return batchedRead(async (asked: VotesAsked[]) => {
    const byTarget = new Map<string, VotesAsked[]>();
    for (const a of asked) {
      const key = JSON.stringify(a.target);
      byTarget.set(key, [...(byTarget.get(key) ?? []), a]);
    }
    const answers = new Map<VotesAsked, Map<string, number>>();
    for (const group of byTarget.values()) {
      const target = group[0]!.target;
      const viewers = textArrayLiteral(group.map((a) => a.viewerId));
      const rows = await (isList(target)
        ? onList.rows({ viewers, ...target })
        : onCategory.rows({ viewers, ...target }));
      for (const a of group) answers.set(a, new Map());
      for (const r of rows)
        for (const a of group) if (a.viewerId === r.userId) answers.get(a)!.set(r.id, r.value);
    }
    return answers;
  });
}

/** The shared copy of a discussion: read once for a moment's readers, dropped by any write to it. */
function sharedDiscussion(store: Store, target: Target, sort: CommentSort): Promise<SharedDiscussion> {
  return store.caches.discussions.get({ target, sort }, async () =>
    encodeDiscussion(await loadDiscussion(store.db, target, sort)),
  );
}

/**
 * A discussion as JSON for one reader. Everyone shares one copy for a moment
 * (a burst of readers costs one query); a member's own votes and delete
 * rights are laid over it, and a member with neither reads the shared text.
 */
export async function discussionJson(
  store: Store,
  target: Target,
  sort: CommentSort,
  reader: Reader | null,
): Promise<JsonBytes<Discussion>> {
  if (!reader) return (await sharedDiscussion(store, target, sort)).bytes;
  const read = store.perApp(votesReaderOf);
  // Side by side: on PostgreSQL each is a round trip when not remembered.
  const [shared, votes] = await Promise.all([
    sharedDiscussion(store, target, sort),
    store.caches.ownVotes.get(
      { target, readerId: reader.id },
      async () => (await read({ target, viewerId: reader.id })) ?? new Map<string, number>(),
    ),
  ]);
  return forReader(shared, reader, votes);
}

/** The same, as an object (tests and callers inside the server). */
export async function discussionOf(
  store: Store,
  target: Target,
  sort: CommentSort,
  reader: Reader | null,
): Promise<Discussion> {
  const json = await discussionJson(store, target, sort, reader);
  return JSON.parse(Buffer.from(json).toString()) as Discussion;
}
