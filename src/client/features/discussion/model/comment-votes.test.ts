import { describe, expect, it } from "vitest";
import type { CommentDto, DiscussionDto } from "#server/api-types.ts";
import { findVotes, nextVote, patchVotes } from "./comment-votes.ts";

const votes = (upvotes: number, downvotes: number, myVote: number) => ({
  upvotes,
  downvotes,
  score: upvotes - downvotes,
  myVote,
});

describe("nextVote", () => {
  it("up sets the upvote, again removes it", () => {
    expect(nextVote(votes(2, 1, 0), 1)).toEqual(votes(3, 1, 1));
    expect(nextVote(votes(3, 1, 1), 1)).toEqual(votes(2, 1, 0));
  });

  it("down is the mirror", () => {
    expect(nextVote(votes(2, 1, 0), -1)).toEqual(votes(2, 2, -1));
    expect(nextVote(votes(2, 2, -1), -1)).toEqual(votes(2, 1, 0));
  });

  it("the opposite switches the vote", () => {
    expect(nextVote(votes(3, 1, 1), -1)).toEqual(votes(2, 2, -1));
    expect(nextVote(votes(2, 2, -1), 1)).toEqual(votes(3, 1, 1));
  });
});

function comment(id: string, parentId: string | null = null): CommentDto {
  return {
    id,
    parentId,
    author: { id: "a", name: "A", pictureUrl: null },
    replyTo: null,
    text: id,
    deleted: false,
    createdAt: "2026-01-01T00:00:00.000Z",
    ...votes(0, 0, 0),
    canDelete: false,
  };
}

describe("patchVotes", () => {
  const discussion: DiscussionDto = {
    threads: [
      { ...comment("t1"), replies: [comment("r1", "t1"), comment("r2", "t1")] },
      { ...comment("t2"), replies: [] },
    ],
    count: 4,
  };

  it("patches a top-level comment or a reply, leaving the rest as they were", () => {
    const a = patchVotes(discussion, "t2", votes(1, 0, 1));
    expect(a.threads[1]).toMatchObject(votes(1, 0, 1));
    expect(a.threads[0]).toBe(discussion.threads[0]);
    const b = patchVotes(discussion, "r2", votes(0, 1, -1));
    expect(b.threads[0]!.replies[1]).toMatchObject(votes(0, 1, -1));
    expect(b.threads[0]!.replies[0]).toBe(discussion.threads[0]!.replies[0]);
    expect(b.threads[1]).toBe(discussion.threads[1]);
  });

  it("returns the same discussion when the comment is not in it", () => {
    expect(patchVotes(discussion, "gone", votes(1, 0, 1))).toBe(discussion);
  });
});

describe("findVotes", () => {
  it("finds a top-level comment's or a reply's votes", () => {
    const discussion: DiscussionDto = {
      threads: [{ ...comment("t1"), replies: [{ ...comment("r1", "t1"), ...votes(2, 1, -1) }] }],
      count: 2,
    };
    expect(findVotes(discussion, "t1")).toEqual(votes(0, 0, 0));
    expect(findVotes(discussion, "r1")).toEqual(votes(2, 1, -1));
    expect(findVotes(discussion, "x")).toBeNull();
  });
});
