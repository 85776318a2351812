import { describe, expect, it } from "vitest";
import { ApiClientError } from "#client/lib/api-client.ts";
import { editLoadErrorMessage } from "./edit-load-error.ts";

describe("editLoadErrorMessage", () => {
  it.each([
    [new ApiClientError(404, "NOT_FOUND", "List not found"), "List not found. It may have been deleted."],
    [
      new ApiClientError(404, "NOT_FOUND", "No lists found for this user"),
      "List not found. It may have been deleted.",
    ],
    [new ApiClientError(404, "NOT_FOUND", "User not found"), "Failed to load user data for editing."],
    [new ApiClientError(0, "NETWORK", "offline"), "An error occurred while loading the list."],
    [new ApiClientError(500, "INTERNAL", "boom"), "An error occurred while loading the list."],
    [
      new ApiClientError(403, "FORBIDDEN", "no"),
      "Failed to load the list for editing. It may have been deleted.",
    ],
    [new Error("weird"), "An error occurred while loading the list."],
  ])("%s → %s", (error, text) => {
    expect(editLoadErrorMessage(error)).toBe(text);
  });
});
