import { z } from "zod";
import { LIMITS } from "./limits.ts";
import { pathIdSchema } from "./lists.ts";

/** Texts of the specification (sections 2, 5 and 8) about comments. */
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
  // List view (section 8, alerts).
  listMustLogIn: "You must be logged in to add comments.",
  listVoteMustLogIn: "You must be logged in to vote on comments.",
  listVoteFailed: "Failed to process your vote. Please try again.",
  listDeleteMustLogIn: "You must be logged in to delete comments.",
  notYourComment: "You can only delete your own comments.",
  listDeleteFailed: "Failed to delete comment. Please try again.",
  // Global view (section 8).
  globalMustLogIn: "You must be logged in to comment.",
  addFailed: "Failed to add comment. Please try again.",
  globalVoteMustLogIn: "You must be logged in to vote.",
  globalVoteFailed: "Failed to process vote.",
  globalDeleteFailed: "Failed to delete comment.",
  notFound: "Comment not found.",
  rateLimited: "You are commenting too fast. Please wait a few seconds and try again.",
  voteRateLimited: "You are voting too fast. Please wait a moment and try again.",
} as const;

export const COMMENT_SORTS = ["new", "best", "top"] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/** Newline and tab are text; any other control character is not. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B-\u001F\u007F]/;

/** A comment's text: stored as typed (line ends made "\n"), trimmed, 1 to 500 characters. */
export const commentTextSchema = z
  .string({ error: COMMENT_MESSAGES.textEmpty })
  .transform((s) => s.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .min(1, COMMENT_MESSAGES.textEmpty)
      .max(LIMITS.commentMax, COMMENT_MESSAGES.textTooLong)
      .refine((s) => !CONTROL_CHARACTERS.test(s), COMMENT_MESSAGES.controlCharacters),
  );

/** What a discussion belongs to: a list, or a global ranking category. */
export const commentTargetSchema = z.union([
  z.strictObject({ listUserId: pathIdSchema, listId: pathIdSchema }),
  z.strictObject({ categoryId: pathIdSchema }),
]);
export type CommentTarget = z.input<typeof commentTargetSchema>;

export const commentsQuerySchema = z.union([
  z.strictObject({
    listUserId: pathIdSchema,
    listId: pathIdSchema,
    sort: z.enum(COMMENT_SORTS).catch("new").default("new"),
  }),
  z.strictObject({ categoryId: pathIdSchema, sort: z.enum(COMMENT_SORTS).catch("new").default("new") }),
]);

export const newCommentSchema = z.object({
  target: commentTargetSchema,
  text: commentTextSchema,
  /** The comment answered: a top-level comment or a reply in its thread. */
  replyTo: pathIdSchema.optional(),
});
export type NewCommentInput = z.input<typeof newCommentSchema>;

export const commentVoteSchema = z.object({ value: z.union([z.literal(1), z.literal(-1)]) });
export const commentParamsSchema = z.object({ commentId: pathIdSchema });

/** Wilson score lower bound of the share of upvotes (z = 1.28, about 80 %), as Reddit's "best". */
export function wilsonLowerBound(up: number, down: number, z = 1.28): number {
  const n = up + down;
  if (n === 0) return 0;
  const p = up / n;
  return (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p) + (z * z) / (4 * n)) / n)) / (1 + (z * z) / n);
}
