import { useEffect, useState } from "react";

export const SEARCH_DEBOUNCE_MS = 300;

interface BrowseSearchProps {
  /** The search currently in the URL. */
  value: string;
  /** Called once typing pauses, with the trimmed text. */
  onCommit: (q: string) => void;
}

/** The search box: typing stays local and reaches the URL after a short pause. */
export function BrowseSearch({ value, onCommit }: BrowseSearchProps) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // The URL changed underneath (back button, a shared link): show its search,
  // unless it is just what is being typed (a trailing space must survive).
  if (value !== seen) {
    setSeen(value);
    if (draft.trim() !== value) setDraft(value);
  }

  useEffect(() => {
    const next = draft.trim();
    if (next === value) return;
    const timer = window.setTimeout(() => onCommit(next), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, value, onCommit]);

  return (
    <div className="browse-search">
      <svg className="browse-search-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        className="input browse-search-input"
        type="search"
        aria-label="Search rankings"
        placeholder="Search rankings..."
        maxLength={100}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          // Enter searches at once rather than waiting for the pause.
          if (e.key === "Enter" && draft.trim() !== value) onCommit(draft.trim());
        }}
      />
    </div>
  );
}
