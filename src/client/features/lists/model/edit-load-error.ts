import { ApiClientError } from "#client/lib/api-client.ts";
import { LIST_MESSAGES } from "#shared/lists.ts";

/** The text for a list that could not be opened for editing (docs/product.md, Lists and the list builder). */
export function editLoadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiClientError)) return LIST_MESSAGES.errorLoadingForEdit;
  if (error.status === 404) {
    return error.message === "User not found"
      ? LIST_MESSAGES.userForEditFailed
      : LIST_MESSAGES.notFoundForEdit;
  }
  if (error.status === 0 || error.status >= 500) return LIST_MESSAGES.errorLoadingForEdit;
  return LIST_MESSAGES.loadForEditFailed;
}
