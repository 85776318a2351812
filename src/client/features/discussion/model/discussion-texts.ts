import { ApiClientError } from "#client/lib/api-client.ts";
import { COMMENT_MESSAGES as M } from "#shared/comments.ts";

/** A list's comments or a category's discussion: one component, each with its texts (docs/product.md, Comments). */
export type DiscussionVariant = "list" | "global";

export interface DiscussionTexts {
  heading: string;
  /** Shown to visitors in place of a usable form. */
  visitorHint: string;
  postMustLogIn: string;
  postFailed: string;
  voteMustLogIn: string;
  voteFailed: string;
  deleteMustLogIn: string;
  deleteFailed: string;
}

export const DISCUSSION_TEXTS: Record<DiscussionVariant, DiscussionTexts> = {
  // On a list page.
  list: {
    heading: M.heading,
    visitorHint: M.loginToComment,
    postMustLogIn: M.listMustLogIn,
    // The list view names no failure text of its own for posting: the global one says it.
    postFailed: M.addFailed,
    voteMustLogIn: M.listVoteMustLogIn,
    voteFailed: M.listVoteFailed,
    deleteMustLogIn: M.listDeleteMustLogIn,
    deleteFailed: M.listDeleteFailed,
  },
  // In a Global Rankings category's discussion.
  global: {
    heading: "Discussion",
    visitorHint: M.loginToDiscuss,
    postMustLogIn: M.globalMustLogIn,
    postFailed: M.addFailed,
    voteMustLogIn: M.globalVoteMustLogIn,
    voteFailed: M.globalVoteFailed,
    // The global view has no delete-specific login text; its comment one fits.
    deleteMustLogIn: M.globalMustLogIn,
    deleteFailed: M.globalDeleteFailed,
  },
};

/** The title of a visitor's disabled vote arrows. */
export const VISITOR_VOTE_TITLE = "Please log in to vote";

/** Answers whose own message tells the person what to do: too long, not yours, gone, too fast. */
const SAYS_WHY = new Set([400, 403, 404, 429]);

/**
 * What to show when a write fails: the logged-out text for a 401 (a
 * session that ended while the page was open), the server's readable reason
 * where it gives one, and the failure text otherwise.
 */
export function failureMessage(error: unknown, mustLogIn: string, failed: string): string {
  if (!(error instanceof ApiClientError)) return failed;
  if (error.status === 401) return mustLogIn;
  if (SAYS_WHY.has(error.status) && error.message) return error.message;
  return failed;
}
