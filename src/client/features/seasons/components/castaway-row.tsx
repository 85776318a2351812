import type { PickItem } from "#client/lib/pick-item.ts";
import { PlusIcon } from "#client/components/ui/icons.tsx";
import { usePickerDraggable } from "./use-picker-draggable.ts";

interface CastawayRowProps {
  castaway: PickItem;
  /** Without it the row is only shown (browse mode without a pick target). */
  onPick?: (castaway: PickItem) => void;
  /** Search results mix seasons, so they name the season under the castaway. */
  showSeason: boolean;
  dragEnabled: boolean;
}

export function CastawayRow({ castaway, onPick, showSeason, dragEnabled }: CastawayRowProps) {
  const { setNodeRef, dragListeners, isDragging } = usePickerDraggable(castaway, dragEnabled && !!onPick);
  const body = (
    <>
      <img
        className="sp-headshot"
        src={castaway.imageUrl}
        alt={castaway.name}
        width={44}
        height={44}
        loading="lazy"
        decoding="async"
        draggable={false}
      />
      <span className="sp-castaway-text">
        <span className="sp-castaway-name">{castaway.name}</span>
        {showSeason && <span className="sp-castaway-season">{castaway.seasonName}</span>}
      </span>
    </>
  );
  return (
    <li
      ref={setNodeRef}
      className={`sp-castaway${isDragging ? " is-dragging" : ""}${dragListeners ? " is-draggable" : ""}`}
      data-castaway-id={castaway.id}
    >
      {onPick ? (
        <button
          type="button"
          className="sp-castaway-button"
          aria-label={`${castaway.name}, ${castaway.seasonName}`}
          onClick={() => onPick(castaway)}
          {...dragListeners}
        >
          {body}
          <span className="sp-castaway-add" aria-hidden="true">
            <PlusIcon size={16} />
          </span>
        </button>
      ) : (
        <div className="sp-castaway-static">{body}</div>
      )}
    </li>
  );
}
