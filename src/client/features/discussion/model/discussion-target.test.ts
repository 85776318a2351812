import { describe, expect, it } from "vitest";
import { isSameTarget, normalizeTarget, profilePath } from "./discussion-target.ts";

describe("discussion target", () => {
  const list = { listUserId: "u1", listId: "list_1" };

  it("matches an event's target by its naming fields only", () => {
    expect(isSameTarget(list, { listUserId: "u1", listId: "list_1" })).toBe(true);
    expect(isSameTarget(list, { listUserId: "u2", listId: "list_1" })).toBe(false);
    expect(isSameTarget(list, { categoryId: "season-49" })).toBe(false);
    expect(isSameTarget({ categoryId: "season-49" }, { categoryId: "season-49" })).toBe(true);
  });

  it("drops anything that does not name the target", () => {
    expect(normalizeTarget({ ...list, extra: 1 } as typeof list)).toEqual(list);
  });

  it("links an author to the public profile, encoded", () => {
    expect(profilePath("a b/c")).toBe("/rankings/user/a%20b%2Fc");
  });
});
