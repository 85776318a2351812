import { describe, expect, it } from "vitest";
// The shared rule, as the Inbox shows it (src/shared has no tests of its own: it imports only zod).
import { notificationText } from "#shared/notifications.ts";

describe("notificationText", () => {
  it("gives the product's line for each type", () => {
    expect(notificationText("list_like", "Ann", null)).toBe("Ann liked your list!");
    expect(notificationText("comment_like", "Ann", "whatever")).toBe("Ann liked your comment!");
    expect(notificationText("comment", "Ann", "Great list, Sandra rules")).toBe(
      'Ann commented "Great list..."',
    );
    expect(notificationText("comment_reply", "Ann", "Agreed!")).toBe(
      'Ann replied to your comment: "Agreed!..."',
    );
    expect(notificationText("something_new", "Ann", null)).toBe("New notification");
  });

  it("names someone when the actor's name is missing", () => {
    expect(notificationText("list_like", null, null)).toBe("Someone liked your list!");
    expect(notificationText("list_like", "  ", null)).toBe("Someone liked your list!");
  });
});
