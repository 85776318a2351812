import { useToggleUpvote } from "../api/reactions-api.ts";
import { nextUpvote, type ReactionTarget } from "../model/patch-list.ts";
import { REACTION_MESSAGES } from "../model/reaction-messages.ts";
import "./reactions.css";

export interface UpvoteButtonProps {
  list: ReactionTarget;
  /** Visitors see the button disabled, with a hint as its title. */
  signedIn: boolean;
  /** 'card' is compact ('Login to upvote'); 'detail' is the list page's ('Sign in to upvote'). */
  variant?: "card" | "detail";
  className?: string;
}

export const upvoteCountLabel = (count: number) => `${count} ${count === 1 ? "upvote" : "upvotes"}`;

/** ▲ and the upvote count: a toggle of the viewer's upvote. */
export function UpvoteButton({ list, signedIn, variant = "card", className }: UpvoteButtonProps) {
  const toggle = useToggleUpvote();
  const pending =
    toggle.isPending && toggle.variables?.id === list.id && toggle.variables.userId === list.userId;
  const shown = pending
    ? nextUpvote(toggle.variables!)
    : { upvoted: list.viewer?.upvoted ?? false, upvoteCount: list.upvoteCount };
  const visitorTitle =
    variant === "detail"
      ? REACTION_MESSAGES.upvoteVisitorTitleDetail
      : REACTION_MESSAGES.upvoteVisitorTitleCard;

  return (
    <button
      type="button"
      className={`reaction-btn reaction-upvote reaction-${variant}${className ? ` ${className}` : ""}`}
      aria-pressed={shown.upvoted}
      aria-label={upvoteCountLabel(shown.upvoteCount)}
      title={signedIn ? (shown.upvoted ? "Remove your upvote" : "Upvote this list") : visitorTitle}
      aria-busy={pending || undefined}
      disabled={!signedIn}
      onClick={() => {
        if (!pending) toggle.mutate(list);
      }}
    >
      <span className="reaction-glyph" aria-hidden="true">
        ▲
      </span>
      <span className="reaction-count">{shown.upvoteCount}</span>
    </button>
  );
}
