import { describe, expect, it } from "vitest";
import {
  autosaveDecision,
  EMPTY_EDITOR,
  editPath,
  fromPendingListData,
  fromSavedList,
  fromSessionDraft,
  hasContent,
  readEditTarget,
  resolveArrival,
  toPendingListData,
  toSessionDraft,
} from "./draft-rules.ts";

const state = {
  items: ["s1-a", "s1-b"],
  name: "Best",
  description: "d",
  tags: ["social"],
  editingListId: null,
};

describe("session draft", () => {
  it("round-trips with the stored field names", () => {
    const stored = toSessionDraft(state);
    expect(stored).toEqual({
      userList: ["s1-a", "s1-b"],
      listName: "Best",
      listDescription: "d",
      listTags: ["social"],
      editingListId: null,
    });
    expect(fromSessionDraft(JSON.parse(JSON.stringify(stored)))).toEqual(state);
  });

  it("tolerates malformed data", () => {
    expect(fromSessionDraft(null)).toBeNull();
    expect(fromSessionDraft("x")).toBeNull();
    expect(
      fromSessionDraft({
        userList: ["s1-a", "s1-a", 7, "BAD ID", { id: "s2-c" }],
        listName: 3,
        listTags: ["season-ranking", "spoiler", "x"],
      }),
    ).toEqual({ items: ["s1-a", "s2-c"], name: "", description: "", tags: ["spoiler"], editingListId: null });
  });

  it("cuts name and description to their limits", () => {
    const s = fromSessionDraft({ listName: "n".repeat(80), listDescription: "d".repeat(300) })!;
    expect(s.name).toHaveLength(50);
    expect(s.description).toHaveLength(200);
  });
});

describe("pending post-login data", () => {
  it("carries contestants, name, description, tags and the editing id", () => {
    const data = toPendingListData({ ...state, editingListId: "list_1" });
    expect(data).toEqual({
      contestants: ["s1-a", "s1-b"],
      name: "Best",
      description: "d",
      tags: ["social"],
      id: "list_1",
    });
    expect(fromPendingListData(data)).toEqual({ ...state, editingListId: "list_1" });
  });

  it("accepts entries as objects with ids", () => {
    expect(fromPendingListData({ contestants: [{ id: "s4" }, { id: "s5" }], name: "S" })?.items).toEqual([
      "s4",
      "s5",
    ]);
  });
});

describe("saved lists", () => {
  it("drop the automatic tags when loaded for editing", () => {
    expect(
      fromSavedList({
        id: "list_9",
        name: "N",
        description: "",
        tags: ["survivor-ranking", "strategic"],
        items: [{ id: "s1-a" }],
      }),
    ).toEqual({ items: ["s1-a"], name: "N", description: "", tags: ["strategic"], editingListId: "list_9" });
  });
});

describe("edit target", () => {
  it("reads the query parameters first, then navigation state", () => {
    expect(readEditTarget(new URLSearchParams("edit=list_1&user=u1"), null)).toEqual({
      listId: "list_1",
      ownerId: "u1",
    });
    expect(readEditTarget(new URLSearchParams("edit=list_1"), null)).toEqual({
      listId: "list_1",
      ownerId: null,
    });
    expect(readEditTarget(new URLSearchParams(""), { editListId: "list_2", userId: "u2" })).toEqual({
      listId: "list_2",
      ownerId: "u2",
    });
    expect(readEditTarget(new URLSearchParams(""), { pendingListData: {} })).toBeNull();
  });

  it("builds the reloadable edit address", () => {
    expect(editPath("list_1", "u 1")).toBe("/create?edit=list_1&user=u+1");
    expect(editPath("list_1", null)).toBe("/create?edit=list_1");
  });
});

describe("resolveArrival", () => {
  const session = toSessionDraft(state);
  const editSession = toSessionDraft({ ...state, editingListId: "list_1" });
  const target = { listId: "list_1", ownerId: "u1" };

  it("applies pending post-login data above everything", () => {
    const arrival = resolveArrival({
      pending: { contestants: ["s9"], name: "P" },
      editTarget: target,
      sessionDraft: session,
      signedIn: true,
    });
    expect(arrival).toMatchObject({ kind: "ready", source: "pending", state: { items: ["s9"], name: "P" } });
  });

  it("loads the saved list when editing, unless this tab holds its working copy", () => {
    expect(
      resolveArrival({ pending: undefined, editTarget: target, sessionDraft: session, signedIn: true }),
    ).toEqual({
      kind: "load-list",
      target,
    });
    expect(
      resolveArrival({ pending: undefined, editTarget: target, sessionDraft: editSession, signedIn: true }),
    ).toMatchObject({
      kind: "ready",
      source: "edit-session",
      state: { editingListId: "list_1" },
    });
  });

  it("restores the session draft of a new list", () => {
    expect(
      resolveArrival({ pending: null, editTarget: null, sessionDraft: session, signedIn: false }),
    ).toEqual({
      kind: "ready",
      source: "session",
      state,
    });
  });

  it("does not turn an abandoned edit into a new draft", () => {
    expect(
      resolveArrival({ pending: null, editTarget: null, sessionDraft: editSession, signedIn: false }),
    ).toMatchObject({
      kind: "ready",
      source: "empty",
    });
  });

  it("loads the server draft only when signed in and the form would be empty", () => {
    const emptySession = toSessionDraft(EMPTY_EDITOR);
    expect(
      resolveArrival({ pending: null, editTarget: null, sessionDraft: emptySession, signedIn: true }),
    ).toEqual({
      kind: "load-draft",
    });
    expect(
      resolveArrival({ pending: null, editTarget: null, sessionDraft: null, signedIn: false }),
    ).toMatchObject({
      kind: "ready",
      source: "empty",
      state: EMPTY_EDITOR,
    });
  });
});

describe("autosaveDecision", () => {
  it("saves a signed-in person's new list after a change", () => {
    expect(autosaveDecision({ state, signedIn: true, changed: true })).toBe("save");
  });

  it("never autosaves for visitors, in edit mode, or without a change", () => {
    expect(autosaveDecision({ state, signedIn: false, changed: true })).toBe("none");
    expect(
      autosaveDecision({ state: { ...state, editingListId: "list_1" }, signedIn: true, changed: true }),
    ).toBe("none");
    expect(autosaveDecision({ state, signedIn: true, changed: false })).toBe("none");
  });

  it("clears the stored draft when the form was emptied by hand", () => {
    expect(autosaveDecision({ state: EMPTY_EDITOR, signedIn: true, changed: true })).toBe("clear");
  });

  it("counts whitespace alone as nothing entered", () => {
    expect(hasContent({ ...EMPTY_EDITOR, name: "   " })).toBe(false);
  });
});
