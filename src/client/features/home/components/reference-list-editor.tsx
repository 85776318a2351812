import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type KeyboardEvent, useId, useRef } from "react";
import { NO_DRAG_ATTR, RANKING_DROP_ZONE } from "#client/lib/ranking-dnd.ts";
import { REFERENCE_MESSAGES } from "../model/home-messages.ts";
import {
  countLabel,
  REFERENCE_LIST_IDS,
  REFERENCE_LIST_LABELS,
  type ReferenceEntry,
  type ReferenceListsSnapshot,
} from "../model/reference-lists.ts";
import {
  ChevronDownIcon,
  ChevronUpIcon,
  CloseIcon,
  GripIcon,
  PlusIcon,
} from "#client/components/ui/icons.tsx";
import { ReferenceEntryBody } from "./reference-entry.tsx";
import type { ReferenceEditor } from "./use-reference-editor.ts";

const noDrag = { [NO_DRAG_ATTR]: "" };

interface ReferenceListEditorProps {
  lists: ReferenceListsSnapshot["lists"];
  editor: ReferenceEditor;
  isMobile: boolean;
  /** Phone layout: bring up the seasons sheet. */
  onOpenPicker: () => void;
}

/** Editors' view: a tab per list; the selected one takes picks and drops and is edited in place. */
export function ReferenceListEditor({ lists, editor, isMobile, onOpenPicker }: ReferenceListEditorProps) {
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const { selected, entries } = editor;
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    const jump = e.key === "Home" ? 0 : e.key === "End" ? REFERENCE_LIST_IDS.length - 1 : null;
    if (!step && jump === null) return;
    e.preventDefault();
    const at = REFERENCE_LIST_IDS.indexOf(selected);
    const next =
      REFERENCE_LIST_IDS[jump ?? (at + step + REFERENCE_LIST_IDS.length) % REFERENCE_LIST_IDS.length]!;
    editor.select(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <div className="ref-editor">
      <div className="ref-tabs" role="tablist" aria-label="Reference list to edit" onKeyDown={onTabKey}>
        {REFERENCE_LIST_IDS.map((id) => {
          const on = id === selected;
          return (
            <button
              key={id}
              ref={(el) => {
                if (el) tabRefs.current.set(id, el);
                else tabRefs.current.delete(id);
              }}
              type="button"
              role="tab"
              id={tabId(id)}
              aria-selected={on}
              aria-controls={panelId}
              tabIndex={on ? 0 : -1}
              className={`ref-tab${on ? " is-on" : ""}`}
              onClick={() => editor.select(id)}
            >
              <span className="ref-tab-label">{REFERENCE_LIST_LABELS[id]}</span>
              <span className="ref-tab-count">{lists[id].length}</span>
            </button>
          );
        })}
      </div>

      <div
        className="ref-panel card ref-edit-panel"
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selected)}
      >
        <header className="ref-panel-head">
          <h3 className="ref-panel-title">{REFERENCE_LIST_LABELS[selected]}</h3>
          <span className="ref-save-state" role="status">
            {editor.saving ? REFERENCE_MESSAGES.saving : ""}
          </span>
          <span className="ref-count">{countLabel(entries)}</span>
        </header>
        <p className="ref-hint">
          {isMobile ? REFERENCE_MESSAGES.editHintMobile : REFERENCE_MESSAGES.editHint}
        </p>
        {isMobile && entries.length > 0 && (
          <button type="button" className="btn btn-ghost ref-add-more" onClick={onOpenPicker}>
            <PlusIcon />
            {REFERENCE_MESSAGES.openPicker}
          </button>
        )}
        <div className="ref-message" aria-live="assertive">
          {editor.message && (
            <p className="error-text ref-error" role="alert">
              {editor.message}
            </p>
          )}
        </div>
        <EditableList
          editor={editor}
          isMobile={isMobile}
          onOpenPicker={onOpenPicker}
          label={REFERENCE_LIST_LABELS[selected]}
        />
      </div>
    </div>
  );
}

interface EditableListProps {
  editor: ReferenceEditor;
  isMobile: boolean;
  onOpenPicker: () => void;
  label: string;
}

function EditableList({ editor, isMobile, onOpenPicker, label }: EditableListProps) {
  const { entries, dropIndex, activeDrag } = editor;
  const { setNodeRef, isOver } = useDroppable({ id: RANKING_DROP_ZONE });
  const pickerDrag = activeDrag?.kind === "picker";
  const highlight = pickerDrag && (isOver || dropIndex !== null);

  return (
    <div
      ref={setNodeRef}
      className={`ref-zone${highlight ? " is-drop-target" : ""}${entries.length === 0 ? " is-empty" : ""}`}
      data-testid="reference-drop-zone"
    >
      {entries.length === 0 ? (
        isMobile ? (
          <button type="button" className="ref-zone-empty ref-zone-empty-button" onClick={onOpenPicker}>
            <span className="ref-zone-icon" aria-hidden="true">
              <PlusIcon size={24} />
            </span>
            <span className="ref-zone-title">{REFERENCE_MESSAGES.empty}</span>
            <span className="ref-zone-text">Tap here to add seasons or contestants.</span>
          </button>
        ) : (
          <div className="ref-zone-empty">
            <span className="ref-zone-icon" aria-hidden="true">
              <PlusIcon size={24} />
            </span>
            <span className="ref-zone-title">{REFERENCE_MESSAGES.empty}</span>
            <span className="ref-zone-text">
              Drag seasons or contestants here from the panel, or click them to add them.
            </span>
          </div>
        )
      ) : (
        <SortableContext items={entries.map((e) => e.id)} strategy={verticalListSortingStrategy}>
          <ol className="ref-rows" aria-label={label}>
            {entries.map((entry, index) => (
              <EditableRow
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
                onMove={editor.move}
                onRemove={editor.remove}
              />
            ))}
          </ol>
        </SortableContext>
      )}
    </div>
  );
}

interface EditableRowProps {
  entry: ReferenceEntry;
  index: number;
  count: number;
  insert: "before" | "after" | null;
  onMove: (from: number, to: number) => void;
  onRemove: (id: string) => void;
}

function EditableRow({ entry, index, count, insert, onMove, onRemove }: EditableRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: entry.id,
    });
  const style = { transform: CSS.Translate.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`ref-row${isDragging ? " is-dragging" : ""}${insert ? ` insert-${insert}` : ""}`}
      data-entry-id={entry.id}
      {...listeners}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="ref-icon-button ref-grip"
        {...attributes}
        aria-label={`Drag ${entry.name} to reorder`}
        title="Drag to reorder"
      >
        <GripIcon />
      </button>
      <ReferenceEntryBody entry={entry} position={index + 1} />
      <div className="ref-row-actions">
        <button
          type="button"
          className="ref-icon-button"
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
          className="ref-icon-button"
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
          className="ref-icon-button ref-remove"
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
