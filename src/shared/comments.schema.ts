import { z } from "zod";
import { COMMENT_RULE, COMMENT_SORTS } from "./comments.ts";
import { pathIdSchema } from "./lists.schema.ts";
import { textSchema } from "./text-rules.schema.ts";

/** A comment's text: the shared text rule (checkCommentText uses the same), stored as it returns it. */
export const commentTextSchema = textSchema(COMMENT_RULE);

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
