import type { CommentTarget } from "#shared/comments.schema.ts";
import type { CommentSort, CommentView, Discussion } from "#shared/comments.ts";
import type { CacheDeclaration } from "./declare-cache.ts";

export interface DiscussionKey {
  target: CommentTarget;
  sort: CommentSort;
}

/**
 * A discussion as a visitor sees it, serialised once (modules/comments/
 * discussion-wire.ts): every visitor gets the same bytes, and a member gets
 * them with only their own comments' and votes' fields replaced.
 */
export interface SharedDiscussion {
  discussion: Discussion;
  bytes: Uint8Array<ArrayBuffer>;
  /** Where each comment's reader fields start in `bytes`, in the order of `inOrder`. */
  fieldsAt: number[];
  inOrder: CommentView[];
  /** A comment's place in `inOrder`, by id. */
  placeOf: Map<string, number>;
  /** The places of each author's comments that are not deleted (a member may delete their own). */
  placesBy: Map<string, number[]>;
}

/**
 * About how many bytes a shared discussion keeps alive: its JSON text, and
 * the comment objects it was written from (with the lookups over them),
 * which hold about twice as much again (2.5-2.9 times the text in all,
 * measured with discussions of 500 and 2,000 comments).
 */
export const discussionWeight = (d: SharedDiscussion) => 3 * d.bytes.byteLength;

export const targetKey = (t: CommentTarget) =>
  "listId" in t ? `l:${t.listUserId}:${t.listId}` : `c:${t.categoryId}`;

const mentions = (d: SharedDiscussion, userId: string) =>
  d.inOrder.some((c) => c.author?.id === userId || c.replyTo?.id === userId);

export const discussionCache: CacheDeclaration<DiscussionKey, SharedDiscussion> = {
  name: "discussions as visitors see them, per sort",
  key: (k) => `${targetKey(k.target)}:${k.sort}`,
  group: (k) => targetKey(k.target),
  // A discussion of one comment is a few hundred bytes, one of a thousand
  // several hundred KB: the bytes bound what a burst of large ones keeps.
  bound: { entries: 2_000, ttlMs: 2_000, bytes: 64 * 1024 * 1024 },
  weigh: discussionWeight,
  derivesFrom: {
    "comment-posted": (discussions, e) => discussions.dropGroup(targetKey(e.target)),
    "comment-voted": (discussions, e) => discussions.dropGroup(targetKey(e.target)),
    "comment-deleted": (discussions, e) => discussions.dropGroup(targetKey(e.target)),
    // A deleted list takes its comments with it.
    "list-deleted": (discussions, e) =>
      discussions.dropGroup(targetKey({ listUserId: e.ownerId, listId: e.listId })),
    // Comments show their author's name and picture, and a reply the name it answers.
    "member-changed": (discussions, e) =>
      discussions.update(Infinity, (_k, d) => (mentions(d, e.userId) ? undefined : d), { whenever: true }),
  },
};

export interface OwnVotesKey {
  target: CommentTarget;
  readerId: string;
}

/**
 * Each reader's own votes in a discussion (comment id to -1 or 1), laid over
 * the shared copy for them. Open pages refetch on every comment event, and
 * only the reader's own votes change these: another member's comment or vote
 * leaves them be.
 */
export const ownVotesCache: CacheDeclaration<OwnVotesKey, ReadonlyMap<string, number>> = {
  name: "each reader's own votes in a discussion",
  key: (k) => `${targetKey(k.target)}\u0000${k.readerId}`,
  group: (k) => targetKey(k.target),
  bound: { entries: 20_000, ttlMs: 60_000 },
  derivesFrom: {
    "comment-voted": (own, e) => own.forget({ target: e.target, readerId: e.voterId }),
    // A deleted comment takes its votes with it; a deleted list, its comments.
    "comment-deleted": (own, e) => own.dropGroup(targetKey(e.target)),
    "list-deleted": (own, e) => own.dropGroup(targetKey({ listUserId: e.ownerId, listId: e.listId })),
  },
};
