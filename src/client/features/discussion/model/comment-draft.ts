import { checkCommentText, type CommentTextCheck } from "#shared/comments.ts";
import { LIMITS } from "#shared/limits.ts";

/** Characters left before the limit, counted as the server counts them (trimmed). Negative when over. */
export const remainingCharacters = (text: string) => LIMITS.commentMax - text.trim().length;

/**
 * Whether the post button can be pressed. Only spaces can be posted at, so
 * the attempt can say why it is refused; nothing typed, or too much, cannot.
 */
export const canPost = (text: string) => text.length > 0 && remainingCharacters(text) >= 0;

export type DraftCheck = CommentTextCheck;

/** The server's own rule (shared): the text as it will be stored, or the reason it cannot be. */
export const checkDraft = (text: string): DraftCheck => checkCommentText(text);
