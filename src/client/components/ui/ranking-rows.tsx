import { DragOverlay, useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ReactNode, useState } from "react";
import type { PickItem } from "#client/lib/pick-item.ts";
import { ChevronDownIcon, ChevronUpIcon, CloseIcon, GripIcon, PlusIcon } from "./icons.tsx";
import {
  type ActiveDrag,
  movedTo,
  NO_DRAG_ATTR,
  RANKING_DROP_ZONE,
  type RankedEntry,
} from "#client/lib/ranking-dnd.ts";
import { type RankingRowFace, RankingRowBody } from "./ranking-row-body.tsx";
import "./ranking-rows.css";

// The rows of a ranking being edited, shared by every ranking editor (the list
// builder, the home page's reference lists, the Global Rankings vote): each maps
// its own entries to what a row shows, so all of them look, reorder and take
// drops alike. A growing list inserts what is dropped between its rows; a
// ranking of fixed slots (the vote) shows every place, empty ones included, and
// fills the slot that was chosen or dropped on.

const noDrag = { [NO_DRAG_ATTR]: "" };

/** How the rows look; the list and its drag copy must agree, so both take it. */
export interface RankingRowLook<T extends RankedEntry> {
  describe: (entry: T) => RankingRowFace;
  /**
   * Smaller position and picture, and names on two lines: for a panel that
   * shares its width with other things (the home page's reference lists).
   */
  compact?: boolean;
}

/** The line above the rows for a refused pick or drop, or a failed save. */
export function RankingMessage({ text }: { text: string | null }) {
  return (
    <div className="ranking-message" aria-live="assertive">
      {text && (
        <p className="error-text ranking-error" role="alert">
          {text}
        </p>
      )}
    </div>
  );
}

/** Fixed slots: every place is a row (empty ones too); a slot is chosen, then filled. */
export interface RankingSlots<T extends RankedEntry> {
  isEmpty: (entry: T) => boolean;
  /** What an empty slot says ('Vote for #3', or 'tap to vote!' on phones). */
  emptyLabel: (position: number) => string;
  /** The slot the next pick fills. */
  selectedIndex: number | null;
  onSelect: (index: number) => void;
}

interface RankingListProps<T extends RankedEntry> extends RankingRowLook<T> {
  entries: readonly T[];
  /** The list's accessible name. */
  label: string;
  /** The heading of the empty state. */
  emptyTitle: string;
  /** While something from the picker is over the ranking: where it would land (or the slot it would fill). */
  dropIndex: number | null;
  pickerDragActive: boolean;
  isMobile: boolean;
  onRemove: (id: string) => void;
  onMove: (from: number, to: number) => void;
  /** Phone layout: the empty ranking opens the seasons menu. */
  onOpenPicker: () => void;
  testId?: string;
  /** Fixed slots instead of a growing list. */
  slots?: RankingSlots<T>;
}

/** The sortable, numbered rows of a ranking being edited, with the drop zone and its empty state. */
export function RankingList<T extends RankedEntry>(props: RankingListProps<T>) {
  const { entries, dropIndex, pickerDragActive, isMobile, compact = false, slots } = props;
  const { setNodeRef, isOver } = useDroppable({ id: RANKING_DROP_ZONE });
  const highlight = pickerDragActive && (isOver || dropIndex !== null);
  // What the buttons did, for screen readers (drags announce through dnd-kit).
  const [said, setSaid] = useState("");
  const move = (from: number, to: number) => {
    const entry = entries[from];
    props.onMove(from, to);
    if (entry) setSaid(`${movedTo(entry.name, to + 1, entries.length)}.`);
  };
  const remove = (id: string) => {
    const entry = entries.find((e) => e.id === id);
    props.onRemove(id);
    if (entry) setSaid(`${entry.name} removed.`);
  };
  const emptyIcon = (
    <span className="ranking-empty-icon" aria-hidden="true">
      <PlusIcon size={compact ? 24 : 26} />
    </span>
  );

  return (
    <div
      ref={setNodeRef}
      className={`ranking-zone${compact ? " is-compact" : ""}${highlight ? " is-drop-target" : ""}${entries.length === 0 ? " is-empty" : ""}`}
      data-testid={props.testId ?? "ranking-zone"}
    >
      {entries.length === 0 ? (
        isMobile ? (
          <button type="button" className="ranking-empty ranking-empty-button" onClick={props.onOpenPicker}>
            {emptyIcon}
            <span className="ranking-empty-title">{props.emptyTitle}</span>
            <span className="ranking-empty-text">Tap here to add seasons or contestants.</span>
          </button>
        ) : (
          <div className="ranking-empty">
            {emptyIcon}
            <span className="ranking-empty-title">{props.emptyTitle}</span>
            <span className="ranking-empty-text">
              Drag seasons or contestants here from the panel, or click them to add them.
            </span>
          </div>
        )
      ) : (
        <SortableContext items={entries.map((e) => e.id)} strategy={verticalListSortingStrategy}>
          <ol className={`ranking-rows${slots ? " is-slots" : ""}`} aria-label={props.label}>
            {entries.map((entry, index) =>
              slots?.isEmpty(entry) ? (
                <EmptySlotRow
                  key={entry.id}
                  id={entry.id}
                  index={index}
                  label={slots.emptyLabel(index + 1)}
                  compact={compact}
                  selected={slots.selectedIndex === index}
                  target={pickerDragActive && dropIndex === index}
                  onSelect={slots.onSelect}
                />
              ) : (
                <RankingRow
                  key={entry.id}
                  entry={entry}
                  face={props.describe(entry)}
                  compact={compact}
                  index={index}
                  count={entries.length}
                  insert={
                    slots
                      ? pickerDragActive && dropIndex === index
                        ? "replace"
                        : null
                      : dropIndex === index
                        ? "before"
                        : dropIndex === entries.length && index === entries.length - 1
                          ? "after"
                          : null
                  }
                  slot={slots ? { selected: slots.selectedIndex === index, onSelect: slots.onSelect } : null}
                  onRemove={remove}
                  onMove={move}
                />
              ),
            )}
          </ol>
        </SortableContext>
      )}
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </div>
  );
}

interface EmptySlotRowProps {
  id: string;
  index: number;
  label: string;
  compact: boolean;
  selected: boolean;
  /** A picker item is over it: it would fill this slot. */
  target: boolean;
  onSelect: (index: number) => void;
}

/** An empty place of a ranking of fixed slots: rows slide past it and drops fill it; a click chooses it. */
function EmptySlotRow({ id, index, label, compact, selected, target, onSelect }: EmptySlotRowProps) {
  const { setNodeRef, transform, transition } = useSortable({ id, disabled: { draggable: true } });
  const size = compact ? " is-compact" : "";
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`ranking-row is-slot is-empty-slot${size}${selected ? " is-selected" : ""}${target ? " insert-replace" : ""}`}
      data-entry-id={id}
      data-slot={index + 1}
    >
      <span className="ranking-slot-spacer" aria-hidden="true" />
      <button
        type="button"
        className="ranking-slot-select"
        aria-label={`Position ${index + 1}: ${label}`}
        aria-pressed={selected}
        onClick={() => onSelect(index)}
      >
        <span className={`ranking-pos${size}`}>{index + 1}</span>
        <span className={`ranking-img ranking-slot-placeholder${size}`} aria-hidden="true">
          <PlusIcon size={18} />
        </span>
        <span className={`ranking-text${size}`}>
          <span className="ranking-name">{label}</span>
        </span>
      </button>
    </li>
  );
}

interface RankingRowProps {
  entry: RankedEntry;
  face: RankingRowFace;
  compact: boolean;
  index: number;
  count: number;
  /** "replace": in fixed slots, a picker item over this row would take its place. */
  insert: "before" | "after" | "replace" | null;
  /** In fixed slots: whether this slot is chosen, and how to choose it. */
  slot?: { selected: boolean; onSelect: (index: number) => void } | null;
  onRemove: (id: string) => void;
  onMove: (from: number, to: number) => void;
}

function RankingRow(props: RankingRowProps) {
  const { entry, face, compact, index, count, insert, slot, onRemove, onMove } = props;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: entry.id,
    });
  const style = { transform: CSS.Translate.toString(transform), transition };
  // Labels use the entry's own name: the face may shorten it for show.
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`ranking-row${slot ? " is-slot" : ""}${slot?.selected ? " is-selected" : ""}${compact ? " is-compact" : ""}${isDragging ? " is-dragging" : ""}${insert ? ` insert-${insert}` : ""}`}
      data-entry-id={entry.id}
      data-slot={slot ? index + 1 : undefined}
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
      {slot ? (
        // A chosen slot is filled (its castaway replaced) by the next pick.
        <button
          type="button"
          className="ranking-slot-select"
          aria-label={`Position ${index + 1}: ${entry.name}`}
          aria-pressed={slot.selected}
          onClick={() => slot.onSelect(index)}
        >
          <RankingRowBody face={face} position={index + 1} compact={compact} />
        </button>
      ) : (
        <RankingRowBody face={face} position={index + 1} compact={compact} />
      )}
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

interface RankingDragOverlayProps<T extends RankedEntry> extends RankingRowLook<T> {
  activeDrag: ActiveDrag;
  entries: readonly T[];
  /** What follows the pointer while a picker item is dragged (the picker's own look). */
  renderPickPreview: (item: PickItem) => ReactNode;
}

/**
 * What follows the pointer: a copy of the row being reordered, or the picker's
 * preview of an item dragged in. Put it inside the editor's DndContext.
 */
export function RankingDragOverlay<T extends RankedEntry>(props: RankingDragOverlayProps<T>) {
  const { activeDrag, entries, compact = false } = props;
  const rowIndex = activeDrag?.kind === "row" ? entries.findIndex((e) => e.id === activeDrag.id) : -1;
  const row = entries[rowIndex];
  return (
    <DragOverlay dropAnimation={null}>
      {activeDrag?.kind === "picker" ? (
        props.renderPickPreview(activeDrag.item)
      ) : row ? (
        <div className={`ranking-row is-overlay${compact ? " is-compact" : ""}`}>
          <RankingRowBody face={props.describe(row)} position={rowIndex + 1} compact={compact} />
        </div>
      ) : null}
    </DragOverlay>
  );
}
