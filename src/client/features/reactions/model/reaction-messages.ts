import { ApiClientError } from "#client/lib/api-client.ts";
import { TIMERS_MS } from "#shared/limits.ts";

/** Texts of the favourite star and the upvote button (docs/product.md, Upvotes and favourites). */
export const REACTION_MESSAGES = {
  favoriteAdded: "Added to favorites",
  favoriteRemoved: "Removed from favorites",
  favoriteFailed: "Failed to update favorites. Please try again.",
  favoriteNeedsLogin: "You must be logged in to favorite lists.",
  favoriteVisitorTitle: "Login to favorite lists",
  addFavoriteLabel: "Add to favorites",
  removeFavoriteLabel: "Remove from favorites",
  upvoteFailed: "Failed to upvote list. Please try again.",
  upvoteNeedsLogin: "You must be logged in to upvote lists.",
  upvoteVisitorTitleDetail: "Sign in to upvote",
  upvoteVisitorTitleCard: "Login to upvote",
} as const;

/** The favourite popup's time on screen: 2 seconds. */
export const FAVORITE_TOAST_MS = TIMERS_MS.favoriteToast;
/** Errors stay a little longer than the popup, so they can be read. */
export const REACTION_ERROR_TOAST_MS = 4000;

/** A session that ran out answers 401: say so rather than a generic failure. */
export function favoriteErrorMessage(error: unknown): string {
  return error instanceof ApiClientError && error.status === 401
    ? REACTION_MESSAGES.favoriteNeedsLogin
    : REACTION_MESSAGES.favoriteFailed;
}

export function upvoteErrorMessage(error: unknown): string {
  return error instanceof ApiClientError && error.status === 401
    ? REACTION_MESSAGES.upvoteNeedsLogin
    : REACTION_MESSAGES.upvoteFailed;
}
