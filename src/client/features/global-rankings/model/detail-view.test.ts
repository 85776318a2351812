import { describe, expect, it } from "vitest";
import { ApiClientError } from "#client/lib/api-client.ts";
import { GLOBAL_MESSAGES } from "#shared/global-rankings.ts";
import {
  closenessPercent,
  detailTexts,
  detailView,
  submitErrorMessage,
  totalSubmissionsLabel,
} from "./detail-view.ts";

const base = { loading: false, signedIn: true, open: true, submitted: false, showingMine: false };

describe("detailView", () => {
  it("checks first, then shows results to visitors, closed categories and members who voted", () => {
    expect(detailView({ ...base, loading: true })).toBe("checking");
    expect(detailView({ ...base, signedIn: false })).toBe("results");
    expect(detailView({ ...base, open: false })).toBe("results");
    expect(detailView({ ...base, submitted: true })).toBe("results");
  });

  it("shows the editor to members who have not voted, and to voters who toggle to their own", () => {
    expect(detailView(base)).toBe("editor");
    expect(detailView({ ...base, submitted: true, showingMine: true })).toBe("editor");
    expect(detailView({ ...base, open: false, submitted: true, showingMine: true })).toBe("results");
  });
});

describe("detailTexts", () => {
  it("names the view as the product does", () => {
    expect(detailTexts("editor", false, true)).toEqual({
      heading: "Vote for Your Top 10",
      editorTitle: "Create Your Ranking",
      toggle: null,
    });
    expect(detailTexts("editor", true, true)).toEqual({
      heading: "Edit Your Submission",
      editorTitle: "My Submitted Ranking",
      toggle: "View Global Ranking",
    });
    expect(detailTexts("results", true, true)).toEqual({
      heading: "Global Top 10 Results",
      editorTitle: null,
      toggle: "View/Edit My Submission",
    });
    expect(detailTexts("results", true, false).toggle).toBeNull();
    expect(detailTexts("results", false, true).toggle).toBeNull();
  });
});

describe("submitErrorMessage", () => {
  it("uses the server's words for refusals and the product's texts otherwise", () => {
    expect(submitErrorMessage(new ApiClientError(401, "UNAUTHORIZED", "x"))).toBe(GLOBAL_MESSAGES.mustLogIn);
    const dup = "Savannah Louie is already ranked at position 1.";
    expect(submitErrorMessage(new ApiClientError(400, "DUPLICATE", dup))).toBe(dup);
    expect(submitErrorMessage(new ApiClientError(500, "INTERNAL", "boom"))).toBe(
      "Failed to submit ranking. Please try again.",
    );
    expect(submitErrorMessage(new ApiClientError(0, "NETWORK", "offline"))).toBe(
      GLOBAL_MESSAGES.submitFailed,
    );
  });
});

it("shows closeness as a whole percentage and counts submissions", () => {
  expect(closenessPercent(0.6543)).toBe(65);
  expect(closenessPercent(1.2)).toBe(100);
  expect(totalSubmissionsLabel(3)).toBe("Total Submissions: 3");
});
