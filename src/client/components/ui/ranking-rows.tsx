import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { PickItem } from "#client/lib/pick-item.ts";
import { ChevronDownIcon, ChevronUpIcon, CloseIcon, GripIcon, PlusIcon } from "./icons.tsx";
import { NO_DRAG_ATTR, RANKING_DROP_ZONE } from "#client/lib/ranking-dnd.ts";
import "./ranking-rows.css";

const noDrag = { [NO_DRAG_ATTR]: "" };

/** The sortable, numbered rows of a ranking being edited, with the drop zone and its empty state. */
interface RankingListProps {
  entries: PickItem[];
  /** While something from the picker is over the ranking: where it would land. */
  dropIndex: number | null;
  pickerDragActive: boolean;
  isMobile: boolean;
  onRemove: (id: string) => void;
  onMove: (from: number, to: number) => void;
  /** Phone layout: the empty ranking opens the seasons menu. */
  onOpenPicker: () => void;
}

export function RankingList(props: RankingListProps) {
  const { entries, dropIndex, pickerDragActive, isMobile } = props;
  const { setNodeRef, isOver } = useDroppable({ id: RANKING_DROP_ZONE });
  const highlight = pickerDragActive && (isOver || dropIndex !== null);

  return (
    <div
      ref={setNodeRef}
      className={`ranking-zone${highlight ? " is-drop-target" : ""}${entries.length === 0 ? " is-empty" : ""}`}
      data-testid="ranking-zone"
    >
      {entries.length === 0 ? (
        isMobile ? (
          <button type="button" className="ranking-empty ranking-empty-button" onClick={props.onOpenPicker}>
            <span className="ranking-empty-icon" aria-hidden="true">
              <PlusIcon size={26} />
            </span>
            <span className="ranking-empty-title">Your ranking is empty</span>
            <span className="ranking-empty-text">Tap here to add seasons or contestants.</span>
          </button>
        ) : (
          <div className="ranking-empty">
            <span className="ranking-empty-icon" aria-hidden="true">
              <PlusIcon size={26} />
            </span>
            <span className="ranking-empty-title">Your ranking is empty</span>
            <span className="ranking-empty-text">
              Drag seasons or contestants here from the panel, or click them to add them.
            </span>
          </div>
        )
      ) : (
        <SortableContext items={entries.map((e) => e.id)} strategy={verticalListSortingStrategy}>
          <ol className="ranking-rows" aria-label="Your ranking">
            {entries.map((entry, index) => (
              <RankingRow
                key={entry.id}
                entry={entry}
                index={index}
                count={entries.length}
                insert={
                  dropIndex === index
                    ? "before"
                    : dropIndex === entries.length && index === entries.length - 1
                      ? "after"
                      : null
                }
                onRemove={props.onRemove}
                onMove={props.onMove}
              />
            ))}
          </ol>
        </SortableContext>
      )}
    </div>
  );
}

interface RankingRowProps {
  entry: PickItem;
  index: number;
  count: number;
  insert: "before" | "after" | null;
  onRemove: (id: string) => void;
  onMove: (from: number, to: number) => void;
}

function RankingRow({ entry, index, count, insert, onRemove, onMove }: RankingRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: entry.id,
    });
  const style = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`ranking-row${isDragging ? " is-dragging" : ""}${insert ? ` insert-${insert}` : ""}`}
      data-entry-id={entry.id}
      {...listeners}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="ranking-icon-button ranking-grip"
        {...attributes}
        aria-label={`Drag ${entry.name} to reorder`}
        title="Drag to reorder"
      >
        <GripIcon />
      </button>
      <RankingRowBody entry={entry} position={index + 1} />
      <div className="ranking-row-actions">
        <button
          type="button"
          className="ranking-icon-button"
          aria-label={`Move ${entry.name} up`}
          title="Move up"
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
          {...noDrag}
        >
          <ChevronUpIcon />
        </button>
        <button
          type="button"
          className="ranking-icon-button"
          aria-label={`Move ${entry.name} down`}
          title="Move down"
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
          {...noDrag}
        >
          <ChevronDownIcon />
        </button>
        <button
          type="button"
          className="ranking-icon-button ranking-remove"
          aria-label={`Remove ${entry.name}`}
          title="Remove"
          onClick={() => onRemove(entry.id)}
          {...noDrag}
        >
          <CloseIcon />
        </button>
      </div>
    </li>
  );
}

/** Position, picture and name: shared by a row and the copy that follows the pointer. */
export function RankingRowBody({ entry, position }: { entry: PickItem; position: number }) {
  return (
    <>
      <span className="ranking-pos">{position}</span>
      <img
        className={`ranking-img${entry.isSeason ? " is-season" : ""}`}
        src={entry.imageUrl}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
        draggable={false}
      />
      <span className="ranking-text">
        <span className="ranking-name">{entry.name}</span>
        <span className="ranking-sub">
          {entry.isSeason ? `Season ${entry.seasonNumber}` : entry.seasonName}
        </span>
      </span>
    </>
  );
}

/** The row that follows the pointer while reordering. */
export function RankingRowPreview({ entry, position }: { entry: PickItem; position: number }) {
  return (
    <div className="ranking-row is-overlay">
      <RankingRowBody entry={entry} position={position} />
    </div>
  );
}
