import { useToggleFavorite } from "../api/reactions-api.ts";
import { nextFavorite, type ReactionTarget } from "../model/patch-list.ts";
import { REACTION_MESSAGES } from "../model/reaction-messages.ts";
import "./reactions.css";

export interface FavoriteButtonProps {
  list: ReactionTarget;
  /** Visitors see the star disabled, with a hint as its title. */
  signedIn: boolean;
  /** 'card' is compact (browse, home, profiles); 'detail' is the larger one of the list page. */
  variant?: "card" | "detail";
  className?: string;
}

/** The favourite star (★ when favourited, ☆ when not): a toggle with a 2-second popup. */
export function FavoriteButton({ list, signedIn, variant = "card", className }: FavoriteButtonProps) {
  const toggle = useToggleFavorite();
  const pending =
    toggle.isPending && toggle.variables?.id === list.id && toggle.variables.userId === list.userId;
  // While the request runs the star shows what it will become, whether or not
  // this copy of the list lives in a query the optimistic update reached.
  const favorited = pending ? nextFavorite(toggle.variables!).favorited : (list.viewer?.favorited ?? false);
  // A visitor's star says what it takes, in its tooltip and its accessible name alike.
  const label = !signedIn
    ? REACTION_MESSAGES.favoriteVisitorTitle
    : favorited
      ? REACTION_MESSAGES.removeFavoriteLabel
      : REACTION_MESSAGES.addFavoriteLabel;

  return (
    <button
      type="button"
      className={`reaction-btn reaction-star reaction-${variant}${className ? ` ${className}` : ""}`}
      aria-pressed={favorited}
      aria-label={label}
      title={label}
      aria-busy={pending || undefined}
      disabled={!signedIn}
      onClick={() => {
        if (!pending) toggle.mutate(list);
      }}
    >
      <span className="reaction-glyph" aria-hidden="true">
        {favorited ? "★" : "☆"}
      </span>
    </button>
  );
}
