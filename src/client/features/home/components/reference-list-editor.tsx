import { type KeyboardEvent, useId, useRef } from "react";
import { REFERENCE_MESSAGES } from "../model/home-messages.ts";
import {
  countLabel,
  REFERENCE_LIST_IDS,
  REFERENCE_LIST_LABELS,
  type ReferenceListsSnapshot,
} from "../model/reference-lists.ts";
import { HistoryButtons } from "#client/components/ui/history-buttons.tsx";
import { PlusIcon } from "#client/components/ui/icons.tsx";
import { RankingList, RankingMessage } from "#client/components/ui/ranking-rows.tsx";
import { REFERENCE_ROW_LOOK } from "./reference-entry.ts";
import type { ReferenceEditor } from "./use-reference-editor.ts";

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
              className={`pill-toggle ref-tab${on ? " is-on" : ""}`}
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
          <h3 className="ranking-title">{REFERENCE_LIST_LABELS[selected]}</h3>
          <span className="ref-save-state" role="status">
            {editor.saving ? REFERENCE_MESSAGES.saving : ""}
          </span>
          <span className="ranking-total">{countLabel(entries)}</span>
          <HistoryButtons
            canUndo={editor.canUndo}
            canRedo={editor.canRedo}
            onUndo={editor.undo}
            onRedo={editor.redo}
          />
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
        <RankingMessage text={editor.message} />
        <RankingList
          entries={entries}
          {...REFERENCE_ROW_LOOK}
          label={REFERENCE_LIST_LABELS[selected]}
          emptyTitle={REFERENCE_MESSAGES.empty}
          dropIndex={editor.drag.dropIndex}
          pickerDragActive={editor.drag.activeDrag?.kind === "picker"}
          isMobile={isMobile}
          onRemove={editor.remove}
          onMove={editor.move}
          onOpenPicker={onOpenPicker}
          testId="reference-drop-zone"
        />
      </div>
    </div>
  );
}
