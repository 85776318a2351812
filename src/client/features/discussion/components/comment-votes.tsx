import { VoteArrowIcon } from "#client/components/ui/icons.tsx";
import type { VoteState, VoteValue } from "../model/comment-votes.ts";
import { VISITOR_VOTE_TITLE } from "../model/discussion-texts.ts";

export interface CommentVotesProps {
  votes: VoteState;
  signedIn: boolean;
  /** A vote of the reader's is on its way (further presses queue behind it). */
  busy: boolean;
  onVote: (value: VoteValue) => void;
  /** Why the arrows are disabled when they are (visitors: they must log in). */
  disabledReason?: string;
}

/** ▲ score ▼: the reader's own vote is pressed; visitors see the score with the arrows disabled. */
export function CommentVotes({
  votes,
  signedIn,
  busy,
  onVote,
  disabledReason = VISITOR_VOTE_TITLE,
}: CommentVotesProps) {
  const arrow = (value: VoteValue) => {
    const up = value === 1;
    const pressed = votes.myVote === value;
    const label = up ? "Upvote" : "Downvote";
    return (
      <button
        type="button"
        className={`comment-vote ${up ? "is-up" : "is-down"}`}
        aria-label={label}
        aria-pressed={pressed}
        aria-busy={busy || undefined}
        title={signedIn ? (pressed ? `Remove your ${label.toLowerCase()}` : label) : disabledReason}
        disabled={!signedIn}
        onClick={() => onVote(value)}
      >
        <VoteArrowIcon size={16} className={up ? undefined : "is-flipped"} />
      </button>
    );
  };

  return (
    <div className="comment-votes" role="group" aria-label="Votes">
      {arrow(1)}
      <span
        className={`comment-score${votes.score > 0 ? " is-positive" : votes.score < 0 ? " is-negative" : ""}`}
        title={`${votes.upvotes} up, ${votes.downvotes} down`}
      >
        {votes.score}
      </span>
      {arrow(-1)}
    </div>
  );
}
