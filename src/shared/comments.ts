import { LIMITS } from "./limits.ts";
import { checkText, type TextRule } from "./text-rules.ts";

/** The name a comment shows when its author has none to show (docs/product.md, Comments). */
export const COMMENT_AUTHOR_FALLBACK = "Anonymous";

/** Texts about comments (docs/product.md, Comments). */
export const COMMENT_MESSAGES = {
  heading: "Comments",
  loading: "Loading comments...",
  empty: "No comments yet. Be the first!",
  loginToComment: "Please log in to add comments.",
  loginToDiscuss: "Please log in to join the discussion.",
  textEmpty: "Comment cannot be empty.",
  textTooLong: `Comments can be at most ${LIMITS.commentMax} characters.`,
  controlCharacters: "Comments cannot contain control characters.",
  confirmDelete: "Are you sure you want to delete this comment?",
  deleted: "This comment was deleted.",
  // On a list page.
  listMustLogIn: "You must be logged in to add comments.",
  listVoteMustLogIn: "You must be logged in to vote on comments.",
  listVoteFailed: "Failed to process your vote. Please try again.",
  listDeleteMustLogIn: "You must be logged in to delete comments.",
  notYourComment: "You can only delete your own comments.",
  listDeleteFailed: "Failed to delete comment. Please try again.",
  // In a Global Rankings discussion.
  globalMustLogIn: "You must be logged in to comment.",
  addFailed: "Failed to add comment. Please try again.",
  globalVoteMustLogIn: "You must be logged in to vote.",
  globalVoteFailed: "Failed to process vote.",
  globalDeleteFailed: "Failed to delete comment.",
  notFound: "Comment not found.",
  closedDiscussion: "Voting on this category has ended, and so has its discussion.",
  rateLimited: "You are commenting too fast. Please wait a few seconds and try again.",
  voteRateLimited: "You are voting too fast. Please wait a moment and try again.",
} as const;

export const COMMENT_SORTS = ["new", "best", "top"] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/** Free text: line breaks and tabs are text, other control characters are not (docs/product.md, Names and texts). */
export const COMMENT_RULE: TextRule = {
  kind: "text",
  max: LIMITS.commentMax,
  messages: {
    empty: COMMENT_MESSAGES.textEmpty,
    tooLong: COMMENT_MESSAGES.textTooLong,
    control: COMMENT_MESSAGES.controlCharacters,
  },
};

export type CommentTextCheck = { ok: true; text: string } | { ok: false; message: string };

/**
 * A comment's text as it is stored (the shared text rule: invisible
 * characters removed, line ends made "\n", NFC, trimmed), or the
 * reason it cannot be: 1 to 500 characters, no control characters but
 * newline and tab. The server's schema and the comment form both use it.
 */
export function checkCommentText(raw: string): CommentTextCheck {
  return checkText(raw, COMMENT_RULE);
}

/** Wilson score lower bound of the share of upvotes (z = 1.28, about 80 %), as Reddit's "best". */
export function wilsonLowerBound(up: number, down: number, z = 1.28): number {
  const n = up + down;
  if (n === 0) return 0;
  const p = up / n;
  return (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p) + (z * z) / (4 * n)) / n)) / (1 + (z * z) / n);
}

/** One comment as a reader sees it. */
export interface CommentView {
  id: string;
  parentId: string | null;
  /** Null for a deleted comment kept as its thread's placeholder: it names nobody. */
  author: { id: string; name: string; pictureUrl: string | null } | null;
  /** The author a reply answers (replies to replies are addressed, not nested); never a deleted comment's. */
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
