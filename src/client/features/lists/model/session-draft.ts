import { readJson, removeKey, STORAGE_KEYS, writeJson } from "#client/lib/storage.ts";
import { type EditorState, fromSessionDraft, hasContent, toSessionDraft } from "./draft-rules.ts";

/** This tab's draft of the create screen (docs/product.md, Drafts). */
export function readSessionDraft(): unknown {
  return readJson<unknown>("session", STORAGE_KEYS.draft);
}

export function writeSessionDraft(state: EditorState): void {
  if (!hasContent(state) && state.editingListId === null) removeKey("session", STORAGE_KEYS.draft);
  else writeJson("session", STORAGE_KEYS.draft, toSessionDraft(state));
}

export function clearSessionDraft(): void {
  removeKey("session", STORAGE_KEYS.draft);
}

/**
 * Leaving /create ends edit mode (docs/product.md, Drafts): the working copy of a
 * saved list goes with it, so it never resurfaces as a new list's draft.
 */
export function leaveEditMode(): void {
  if (fromSessionDraft(readSessionDraft())?.editingListId) clearSessionDraft();
}
