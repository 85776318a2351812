import { imageUrlFor } from "#client/lib/pick-item.ts";
import { stripSurvivorPrefix } from "#shared/lists.ts";
import { type ReferenceEntry, seasonLine } from "../model/reference-lists.ts";

/** Position, picture, name and season: shared by the read-only rows, the editable rows and the drag copy. */
export function ReferenceEntryBody({ entry, position }: { entry: ReferenceEntry; position: number }) {
  return (
    <>
      <span className="ref-pos">{position}</span>
      <img
        className={`ref-img${entry.isSeason ? " is-season" : ""}`}
        src={imageUrlFor(entry.id, entry.isSeason)}
        alt=""
        width={44}
        height={44}
        loading="lazy"
        decoding="async"
        draggable={false}
      />
      <span className="ref-text">
        <span className="ref-name">{entry.isSeason ? stripSurvivorPrefix(entry.name) : entry.name}</span>
        <span className="ref-sub">{seasonLine(entry)}</span>
      </span>
    </>
  );
}

/** The row that follows the pointer while reordering. */
export function ReferenceRowPreview({ entry, position }: { entry: ReferenceEntry; position: number }) {
  return (
    <div className="ref-row is-overlay">
      <ReferenceEntryBody entry={entry} position={position} />
    </div>
  );
}
