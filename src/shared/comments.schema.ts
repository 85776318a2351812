import { z } from "zod";
import { checkCommentText, COMMENT_MESSAGES, COMMENT_SORTS } from "./comments.ts";
import { pathIdSchema } from "./lists.schema.ts";

/** A comment's text: the shared rule (checkCommentText), stored as it returns it. */
export const commentTextSchema = z.string({ error: COMMENT_MESSAGES.textEmpty }).transform((raw, ctx) => {
  const checked = checkCommentText(raw);
  if (checked.ok) return checked.text;
  ctx.addIssue({ code: "custom", message: checked.message });
  return z.NEVER;
});

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
