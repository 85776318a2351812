import type { PickItem } from "#client/lib/pick-item.ts";
import { stripSurvivorPrefix } from "#shared/lists.ts";
import { PlusIcon } from "#client/components/ui/icons.tsx";
import { usePickerDraggable } from "./use-picker-draggable.ts";

interface SeasonCardProps {
  season: PickItem;
  onOpen: (season: PickItem) => void;
  /** Create mode: the small '+' that puts the season itself on the list. */
  onAdd?: (season: PickItem) => void;
  dragEnabled: boolean;
}

export function SeasonCard({ season, onOpen, onAdd, dragEnabled }: SeasonCardProps) {
  const { setNodeRef, dragListeners, isDragging } = usePickerDraggable(season, dragEnabled);
  const shortName = stripSurvivorPrefix(season.name);
  return (
    <li
      ref={setNodeRef}
      className={`sp-season${isDragging ? " is-dragging" : ""}${dragEnabled ? " is-draggable" : ""}`}
      data-season-id={season.id}
    >
      <button
        type="button"
        className="sp-season-open"
        aria-label={season.name}
        title={season.name}
        onClick={() => onOpen(season)}
        {...dragListeners}
      >
        <span className="sp-season-logo">
          <img
            src={season.imageUrl}
            alt={`${season.name} logo`}
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
            draggable={false}
          />
        </span>
        <span className="sp-season-name">{shortName}</span>
      </button>
      {onAdd && (
        <button
          type="button"
          className="sp-season-add"
          aria-label={`Add ${season.name} to list`}
          title={`Add ${season.name} to list`}
          onClick={() => onAdd(season)}
        >
          <PlusIcon size={16} />
        </button>
      )}
    </li>
  );
}
