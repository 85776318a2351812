import { useId } from "react";
import { REFERENCE_MESSAGES } from "../model/home-messages.ts";
import {
  countLabel,
  REFERENCE_LIST_IDS,
  REFERENCE_LIST_LABELS,
  type ReferenceListsSnapshot,
} from "../model/reference-lists.ts";
import { HistoryButtons } from "#client/components/ui/history-buttons.tsx";
import { TabList } from "#client/components/ui/tab-list.tsx";
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
  const { selected, entries } = editor;
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  return (
    <div className="ref-editor">
      <TabList
        tabs={REFERENCE_LIST_IDS}
        selected={selected}
        onSelect={editor.select}
        label={(id) => (
          <>
            <span className="ref-tab-label">{REFERENCE_LIST_LABELS[id]}</span>
            <span className="ref-tab-count">{lists[id].length}</span>
          </>
        )}
        ariaLabel="Reference list to edit"
        tabId={tabId}
        panelId={panelId}
        className="ref-tabs"
        tabClassName="ref-tab"
      />

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
