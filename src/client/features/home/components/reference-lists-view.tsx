import { useId, useState } from "react";
import { REFERENCE_MESSAGES } from "../model/home-messages.ts";
import {
  countLabel,
  REFERENCE_LIST_IDS,
  REFERENCE_LIST_LABELS,
  type ReferenceEntry,
  type ReferenceListId,
  type ReferenceListsSnapshot,
} from "../model/reference-lists.ts";
import { HiddenEntry, RevealAllButton } from "#client/components/ui/hidden-entry.tsx";
import { RankingRowBody } from "#client/components/ui/ranking-row-body.tsx";
import { useSpoilerGate } from "#client/lib/spoiler-horizon.ts";
import { referenceFace } from "./reference-entry.ts";

/** Long lists show their top entries first; the rest is one click away. */
export const REFERENCE_PREVIEW_COUNT = 10;

/** The reference lists that have entries: only an editor can fill an empty one, so no one else sees it. */
export const filledReferenceLists = (lists: ReferenceListsSnapshot["lists"]) =>
  REFERENCE_LIST_IDS.filter((id) => lists[id].length > 0);

/** The filled reference lists side by side, read-only (everyone who is not an editor). */
export function ReferenceListsView({ lists }: { lists: ReferenceListsSnapshot["lists"] }) {
  return (
    <div className="ref-grid">
      {filledReferenceLists(lists).map((id) => (
        <ReferenceListPanel key={id} id={id} entries={lists[id]} />
      ))}
    </div>
  );
}

function ReferenceListPanel({ id, entries }: { id: ReferenceListId; entries: ReferenceEntry[] }) {
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const label = REFERENCE_LIST_LABELS[id];
  const shown = expanded ? entries : entries.slice(0, REFERENCE_PREVIEW_COUNT);
  // Castaways past the reader's spoiler horizon show hidden (docs/product.md, "Spoiler horizon").
  const gate = useSpoilerGate(entries);
  return (
    <article className="ref-panel card" aria-labelledby={headingId} data-list-id={id}>
      <header className="ref-panel-head">
        <h3 className="ranking-title" id={headingId}>
          {label}
        </h3>
        <span className="ranking-total">{countLabel(entries)}</span>
      </header>
      {gate.hiddenCount > 1 && <RevealAllButton onClick={gate.revealAll} count={gate.hiddenCount} />}
      {entries.length === 0 ? (
        <p className="ref-empty">{REFERENCE_MESSAGES.empty}</p>
      ) : (
        <ol className="ref-entries" aria-label={label}>
          {shown.map((entry, index) => {
            const hiddenSeason = gate.hiddenSeason(entry, index);
            return hiddenSeason === null ? (
              <li key={entry.id} className="ref-entry" data-entry-id={entry.id}>
                <RankingRowBody face={referenceFace(entry)} position={index + 1} compact />
              </li>
            ) : (
              <li key={entry.id} className="ref-entry is-hidden-entry">
                <span className="ranking-pos is-compact">{index + 1}</span>
                <HiddenEntry season={hiddenSeason} onReveal={() => gate.reveal(index)} size={40} />
              </li>
            );
          })}
        </ol>
      )}
      {entries.length > REFERENCE_PREVIEW_COUNT && (
        <button
          type="button"
          className="btn btn-ghost ref-more"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? "Show fewer" : `Show all ${entries.length}`}
        </button>
      )}
    </article>
  );
}
