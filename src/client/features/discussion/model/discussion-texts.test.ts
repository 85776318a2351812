import { describe, expect, it } from "vitest";
import { ApiClientError } from "#client/lib/api-client.ts";
import { DISCUSSION_TEXTS, failureMessage } from "./discussion-texts.ts";

const { list } = DISCUSSION_TEXTS;

describe("failureMessage", () => {
  const fail = (status: number, message = "server says") => new ApiClientError(status, "X", message);

  it("says the logged-out text for a 401", () => {
    expect(failureMessage(fail(401), list.voteMustLogIn, list.voteFailed)).toBe(
      "You must be logged in to vote on comments.",
    );
  });

  it("passes on the server's reason for 400, 403, 404 and 429", () => {
    for (const status of [400, 403, 404, 429]) {
      expect(failureMessage(fail(status), list.deleteMustLogIn, list.deleteFailed)).toBe("server says");
    }
  });

  it("falls back on the failure text for the rest", () => {
    expect(failureMessage(fail(500), list.voteMustLogIn, list.voteFailed)).toBe(
      "Failed to process your vote. Please try again.",
    );
    expect(failureMessage(fail(0), list.deleteMustLogIn, list.deleteFailed)).toBe(
      "Failed to delete comment. Please try again.",
    );
    expect(failureMessage(new Error("?"), list.postMustLogIn, list.postFailed)).toBe(
      "Failed to add comment. Please try again.",
    );
  });
});

describe("texts by variant", () => {
  it("the list view asks visitors to log in to add comments, the global one to join the discussion", () => {
    expect(DISCUSSION_TEXTS.list.visitorHint).toBe("Please log in to add comments.");
    expect(DISCUSSION_TEXTS.list.heading).toBe("Comments");
    expect(DISCUSSION_TEXTS.global.visitorHint).toBe("Please log in to join the discussion.");
    expect(DISCUSSION_TEXTS.global.voteFailed).toBe("Failed to process vote.");
  });
});
