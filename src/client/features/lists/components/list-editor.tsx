import { DndContext } from "@dnd-kit/core";
import { lazy, type ReactNode, Suspense, useId, useState } from "react";
import type { PickItem } from "#client/lib/pick-item.ts";
import { LIMITS } from "#shared/limits.ts";
import { type ListKind, USER_TAGS } from "#shared/lists.ts";
import { HistoryButtons } from "#client/components/ui/history-buttons.tsx";
import { PlusIcon } from "#client/components/ui/icons.tsx";
import { pickItemFace } from "#client/components/ui/ranking-row-body.tsx";
import { RankingDragOverlay, RankingList, RankingMessage } from "#client/components/ui/ranking-rows.tsx";
import { IMPORT_OPEN } from "../model/import-texts.ts";
import { type ListEditorSetup, useListEditor } from "./use-list-editor.ts";

// The import's matching and its panel load when "Import" is first pressed (docs/performance.md, JavaScript budget).
const ImportPanel = lazy(() => import("./import-panel.tsx"));

export const SPOILER_TIP = "Tip: tag your list Spoiler if it reveals results of recent seasons.";

export interface ListEditorProps extends ListEditorSetup {
  /** The season picker, composed by the page, picking into this list. */
  renderPicker: (onPick: (item: PickItem) => void) => ReactNode;
  /** What follows the pointer while a picker item is dragged. */
  renderPickPreview: (item: PickItem) => ReactNode;
  /** Phone layout: bring up the seasons menu. */
  onOpenPicker: () => void;
}

/** The count says the kind too, so it follows the automatic tag when the last of one kind goes. */
function countLabel(count: number, kind: ListKind | null): string {
  const [one, many] =
    kind === "seasons"
      ? ["season", "seasons"]
      : kind === "castaways"
        ? ["contestant", "contestants"]
        : ["entry", "entries"];
  return `${count} ${count === 1 ? one : many}`;
}

/** The create / edit screen's form, ranking and buttons, with the picker beside (or under) it. */
export function ListEditor(props: ListEditorProps) {
  const { signedIn, isMobile } = props;
  const editor = useListEditor(props);
  const { state, entries, kind, editing, saving, error, drag } = editor;
  const nameId = useId();
  const descriptionId = useId();
  const tagsId = useId();
  const importId = useId();
  const [importOpen, setImportOpen] = useState(false);

  return (
    <DndContext {...drag.dndProps} autoScroll={drag.autoScroll}>
      <div className="create-layout">
        <div className="create-main">
          <h1 className="page-title">{editing ? "Edit Ranking" : "Create New Ranking"}</h1>

          <div className="card create-card">
            <div className="field">
              <div className="create-label-row">
                <label htmlFor={nameId}>List Name</label>
                <span className="create-count" aria-hidden="true">
                  {state.name.length}/{LIMITS.listNameMax}
                </span>
              </div>
              <input
                id={nameId}
                className="input"
                type="text"
                value={state.name}
                maxLength={LIMITS.listNameMax}
                placeholder="e.g. My All-Time Favorite Castaways"
                autoComplete="off"
                onChange={(e) => editor.setName(e.target.value)}
                onBlur={editor.endTyping}
              />
            </div>
            <div className="field">
              <div className="create-label-row">
                <label htmlFor={descriptionId}>Description</label>
                <span className="create-count" aria-hidden="true">
                  {state.description.length}/{LIMITS.listDescriptionMax}
                </span>
              </div>
              <textarea
                id={descriptionId}
                className="input create-description"
                value={state.description}
                maxLength={LIMITS.listDescriptionMax}
                rows={3}
                placeholder="What makes this ranking yours? (optional)"
                onChange={(e) => editor.setDescription(e.target.value)}
                onBlur={editor.endTyping}
              />
            </div>
            <div className="field create-tags-field" role="group" aria-labelledby={tagsId}>
              <span className="create-tags-label" id={tagsId}>
                Tags
              </span>
              <div className="create-tags">
                {USER_TAGS.map((tag) => {
                  const on = state.tags.includes(tag.id);
                  return (
                    <button
                      key={tag.id}
                      type="button"
                      className={`pill-toggle tag-toggle${on ? " is-on" : ""}${tag.id === "spoiler" ? " is-spoiler" : ""}`}
                      aria-pressed={on}
                      onClick={() => editor.toggleTag(tag.id)}
                    >
                      {tag.label}
                    </button>
                  );
                })}
              </div>
              <p className="create-tip">{SPOILER_TIP}</p>
            </div>
          </div>

          <section className="card ranking-card" aria-labelledby={`${tagsId}-ranking`}>
            <div className="ranking-head">
              <h2 className="ranking-title" id={`${tagsId}-ranking`}>
                Your Ranking
              </h2>
              <span className="ranking-total">{countLabel(state.items.length, kind)}</span>
              <button
                type="button"
                className="btn btn-ghost ranking-import"
                aria-expanded={importOpen}
                aria-controls={importOpen ? importId : undefined}
                onClick={() => setImportOpen((open) => !open)}
              >
                {IMPORT_OPEN}
              </button>
              <HistoryButtons
                canUndo={editor.canUndo}
                canRedo={editor.canRedo}
                onUndo={editor.undo}
                onRedo={editor.redo}
              />
            </div>
            {importOpen && (
              <div id={importId}>
                <Suspense fallback={null}>
                  <ImportPanel
                    currentItems={state.items}
                    onApply={editor.applyImport}
                    onClose={() => setImportOpen(false)}
                  />
                </Suspense>
              </div>
            )}
            {editor.importNote && (
              <p className="import-note" role="status">
                {editor.importNote}
              </p>
            )}
            <RankingMessage text={editor.mixError} />
            <RankingList
              entries={entries}
              describe={pickItemFace}
              label="Your ranking"
              emptyTitle="Your ranking is empty"
              dropIndex={drag.dropIndex}
              pickerDragActive={drag.activeDrag?.kind === "picker"}
              isMobile={isMobile}
              onRemove={editor.remove}
              onMove={editor.move}
              onOpenPicker={props.onOpenPicker}
            />
            {isMobile && entries.length > 0 && (
              <button type="button" className="btn btn-ghost ranking-add-more" onClick={props.onOpenPicker}>
                <PlusIcon />
                Add seasons or contestants
              </button>
            )}
          </section>

          <div className="create-actions">
            {error && (
              <p className="error-text create-error" role="alert">
                {error}
              </p>
            )}
            <div className="create-buttons">
              <button type="button" className="btn btn-ghost" onClick={editor.onClear} disabled={saving}>
                Clear List
              </button>
              <button type="button" className="btn btn-ghost" onClick={editor.onCancel} disabled={saving}>
                Cancel
              </button>
              {signedIn ? (
                <button type="button" className="btn create-save" onClick={editor.onSave} disabled={saving}>
                  {saving ? "Saving..." : editing ? "Update List" : "Save List"}
                </button>
              ) : (
                <button type="button" className="btn create-save" onClick={editor.onSignInToSave}>
                  Sign in to Save
                </button>
              )}
            </div>
          </div>
        </div>

        <div className="create-picker">{props.renderPicker(editor.onPick)}</div>
      </div>

      <RankingDragOverlay
        activeDrag={drag.activeDrag}
        entries={entries}
        describe={pickItemFace}
        renderPickPreview={props.renderPickPreview}
      />
    </DndContext>
  );
}
