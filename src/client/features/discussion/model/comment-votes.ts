import type { CommentVoteDto, DiscussionDto } from "#server/api-types.ts";

export type VoteState = CommentVoteDto;
export type VoteValue = 1 | -1;

/**
 * The toggle: up sets the reader's upvote and drops a downvote, down is
 * the mirror, the same again removes it. The server applies the same rule;
 * this is what the screen shows until it answers.
 */
export function nextVote(current: VoteState, value: VoteValue): VoteState {
  const before = current.myVote;
  const after = before === value ? 0 : value;
  const upvotes = current.upvotes + (after === 1 ? 1 : 0) - (before === 1 ? 1 : 0);
  const downvotes = current.downvotes + (after === -1 ? 1 : 0) - (before === -1 ? 1 : 0);
  return { upvotes, downvotes, score: upvotes - downvotes, myVote: after };
}

/** The discussion with one comment's votes replaced; the same object when the comment is not in it. */
export function patchVotes(discussion: DiscussionDto, commentId: string, votes: VoteState): DiscussionDto {
  let changed = false;
  const threads = discussion.threads.map((thread) => {
    if (thread.id === commentId) {
      changed = true;
      return { ...thread, ...votes };
    }
    if (!thread.replies.some((r) => r.id === commentId)) return thread;
    changed = true;
    return { ...thread, replies: thread.replies.map((r) => (r.id === commentId ? { ...r, ...votes } : r)) };
  });
  return changed ? { ...discussion, threads } : discussion;
}

/** One comment's votes in the discussion, or null when it is not there. */
export function findVotes(discussion: DiscussionDto, commentId: string): VoteState | null {
  for (const thread of discussion.threads) {
    const found = thread.id === commentId ? thread : thread.replies.find((r) => r.id === commentId);
    if (found)
      return { upvotes: found.upvotes, downvotes: found.downvotes, score: found.score, myVote: found.myVote };
  }
  return null;
}
