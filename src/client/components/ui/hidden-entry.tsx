import { SPOILER_TEXTS } from "#shared/spoiler-horizon.ts";
import "./hidden-entry.css";

// A castaway past the reader's spoiler horizon (docs/product.md, "Spoiler
// horizon"): a neutral face and its season, one tap from showing.

interface HiddenEntryProps {
  season: number;
  onReveal: () => void;
  /** The face's size in pixels (the row's picture size). */
  size?: number;
}

/** The hidden entry: a button whose name says what it hides and that it reveals. */
export function HiddenEntry({ season, onReveal, size = 48 }: HiddenEntryProps) {
  return (
    <button
      type="button"
      className="hidden-entry"
      onClick={onReveal}
      title="Tap to reveal"
      // The visible text first, so speech input can name it as it reads.
      aria-label={`${SPOILER_TEXTS.hidden(season)}, ${SPOILER_TEXTS.reveal}`}
    >
      <span className="hidden-entry-face" style={{ width: size, height: size }} aria-hidden="true">
        ?
      </span>
      <span className="hidden-entry-text">{SPOILER_TEXTS.hidden(season)}</span>
    </button>
  );
}

/** "Reveal all" for one list, shown while some of its entries are hidden. */
export function RevealAllButton({ onClick, count }: { onClick: () => void; count: number }) {
  return (
    <button type="button" className="btn btn-ghost reveal-all" onClick={onClick}>
      {SPOILER_TEXTS.revealAll}
      <span className="reveal-all-count">({count} hidden)</span>
    </button>
  );
}

/** The small mark on a season past the horizon (seasons themselves are never hidden). */
export function NotWatchedMark() {
  return <span className="not-watched-mark">{SPOILER_TEXTS.notWatched}</span>;
}
