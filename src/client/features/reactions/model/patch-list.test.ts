import { describe, expect, it } from "vitest";
import { nextFavorite, nextUpvote, patchListIn } from "./patch-list.ts";

const card = (id: string, userId = "u1", extra: object = {}) => ({
  id,
  userId,
  name: id,
  upvoteCount: 2,
  preview: [{ id: "s1-richard-hatch", name: "Richard Hatch" }],
  viewer: { upvoted: false, favorited: false },
  ...extra,
});

describe("patchListIn", () => {
  const ref = { ownerId: "u1", listId: "list_1" };

  it("patches a list wherever it sits and keeps untouched branches", () => {
    const other = card("list_2");
    const data = { weekly: [card("list_1"), other], recent: [card("list_1")], total: 3 };
    const next = patchListIn(data, ref, { upvoted: true, upvoteCount: 3 });
    expect(next).not.toBe(data);
    expect(next.weekly[0]).toMatchObject({ upvoteCount: 3, viewer: { upvoted: true, favorited: false } });
    expect(next.recent[0]).toMatchObject({ upvoteCount: 3 });
    expect(next.weekly[1]).toBe(other);
    expect(data.weekly[0]!.upvoteCount).toBe(2);
  });

  it("patches a list page's detail object and favourites", () => {
    const detail = {
      ...card("list_1"),
      items: [],
      viewer: { isOwner: false, upvoted: true, favorited: false },
    };
    const next = patchListIn(detail, ref, { favorited: true });
    expect(next.viewer).toEqual({ isOwner: false, upvoted: true, favorited: true });
    expect(next.upvoteCount).toBe(2);
  });

  it("returns the same data when the list is not there", () => {
    const data = { lists: [card("list_1", "someone-else"), card("list_9")] };
    expect(patchListIn(data, ref, { favorited: true })).toBe(data);
    expect(patchListIn(null, ref, { favorited: true })).toBe(null);
    expect(patchListIn("text", ref, { favorited: true })).toBe("text");
  });

  it("adds a viewer block to a card fetched without one", () => {
    const data = [{ id: "list_1", userId: "u1", upvoteCount: 0 }];
    expect(patchListIn(data, ref, { upvoted: true, upvoteCount: 1 })[0]).toEqual({
      id: "list_1",
      userId: "u1",
      upvoteCount: 1,
      viewer: { upvoted: true, favorited: false },
    });
  });
});

describe("expected toggles", () => {
  it("flips the upvote and moves the count by one, never below zero", () => {
    expect(nextUpvote({ id: "l", userId: "u", upvoteCount: 4 })).toEqual({ upvoted: true, upvoteCount: 5 });
    expect(
      nextUpvote({ id: "l", userId: "u", upvoteCount: 4, viewer: { upvoted: true, favorited: false } }),
    ).toEqual({ upvoted: false, upvoteCount: 3 });
    expect(
      nextUpvote({ id: "l", userId: "u", upvoteCount: 0, viewer: { upvoted: true, favorited: false } }),
    ).toEqual({ upvoted: false, upvoteCount: 0 });
  });

  it("flips the favourite", () => {
    expect(nextFavorite({ id: "l", userId: "u", upvoteCount: 0 })).toEqual({ favorited: true });
    expect(
      nextFavorite({ id: "l", userId: "u", upvoteCount: 0, viewer: { upvoted: false, favorited: true } }),
    ).toEqual({
      favorited: false,
    });
  });
});
