import { describe, expect, it } from "vitest";
import type { InboxDto, InboxEntryDto } from "#server/api-types.ts";
import { badgeText, iconKind, inboxPath, withAllRead, withRead } from "./inbox-entries.ts";

const entry = (id: string, isNew: boolean): InboxEntryDto => ({
  id,
  type: "comment",
  actorId: "a",
  actorName: "Ann",
  actorPictureUrl: null,
  content: "hello",
  isNew,
  createdAt: "2026-01-01T00:00:00.000Z",
  link: null,
});

describe("inbox entries", () => {
  it("lead to the list or the global ranking, or nowhere", () => {
    expect(inboxPath({ kind: "list", userId: "u 1", listId: "list_1" })).toBe("/list/u%201/list_1");
    expect(inboxPath({ kind: "category", categoryId: "season-49" })).toBe("/global-rankings/season-49");
    expect(inboxPath(null)).toBeNull();
  });

  it("carry the product's icon for each type", () => {
    expect(iconKind("list_like")).toBe("like");
    expect(iconKind("comment_like")).toBe("like");
    expect(iconKind("comment")).toBe("comment");
    expect(iconKind("comment_reply")).toBe("comment");
    expect(iconKind("something_else")).toBeNull();
  });

  it("show a badge only for unread ones", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(3)).toBe("3");
    expect(badgeText(120)).toBe("99+");
  });

  it("mark one read, or all", () => {
    const inbox: InboxDto = {
      notifications: [entry("a", true), entry("b", true), entry("c", false)],
      unread: 2,
    };
    const one = withRead(inbox, "a");
    expect(one.unread).toBe(1);
    expect(one.notifications.map((n) => n.isNew)).toEqual([false, true, false]);
    expect(withRead(inbox, "c")).toBe(inbox);
    const all = withAllRead(inbox);
    expect(all.unread).toBe(0);
    expect(all.notifications.every((n) => !n.isNew)).toBe(true);
    expect(withAllRead(all)).toBe(all);
  });
});
