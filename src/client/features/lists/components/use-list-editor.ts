import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ApiClientError } from "#client/lib/api-client.ts";
import { imageUrlFor, type PickItem } from "#client/lib/pick-item.ts";
import { savePostLoginAction } from "#client/lib/post-login-action.ts";
import { useRankingDrag } from "#client/lib/ranking-dnd.ts";
import {
  addItem,
  mixAlertMessage,
  mixInlineMessage,
  moveItem,
  removeItem,
} from "#client/lib/ranking-rules.ts";
import { useCatalog } from "#client/lib/seasons-query.ts";
import { useHistory, useUndoShortcuts } from "#client/lib/use-history.ts";
import { TIMERS_MS } from "#shared/limits.ts";
import {
  isSeasonId,
  kindOfItems,
  LIST_DESCRIPTION_RULE,
  LIST_MESSAGES,
  LIST_NAME_RULE,
} from "#shared/lists.ts";
import { pathTo } from "#shared/routes.ts";
import { checkText, cleanText } from "#shared/text-rules.ts";
import { useDeleteDraft, useSaveDraft } from "../api/draft-api.ts";
import { useSaveList } from "../api/lists-api.ts";
import {
  autosaveDecision,
  EMPTY_EDITOR,
  type EditorState,
  editSearch,
  hasContent,
  toPendingListData,
} from "../model/draft-rules.ts";
import { clearSessionDraft, writeSessionDraft } from "../model/session-draft.ts";

export interface ListEditorSetup {
  initial: EditorState;
  /** A message to show from the start (a failed load of the list to edit). */
  initialError: string | null;
  /** Whether the starting content counts as a change the server draft has not seen. */
  initiallyChanged: boolean;
  signedIn: boolean;
  userId: string | null;
  isMobile: boolean;
}

function fallbackItem(id: string): PickItem {
  const isSeason = isSeasonId(id);
  return {
    id,
    name: id,
    isSeason,
    seasonId: isSeason ? id : id.split("-")[0]!,
    seasonName: "",
    seasonNumber: Number(id.slice(1).split("-")[0]) || 0,
    imageUrl: imageUrlFor(id, isSeason),
  };
}

/**
 * The list builder's state and what changes it, apart from how it is drawn
 * (as the home page's reference editor has useReferenceEditor): the draft
 * kept in this tab and, 2 s after the last change, on the server
 * (docs/product.md, Drafts); a refused mix shown for 3 s; the address kept
 * saying whether a saved list is being edited; save, clear, cancel and
 * sign-in-to-save.
 */
export function useListEditor(props: ListEditorSetup) {
  const { signedIn, userId, isMobile } = props;
  // Every change is a step of this history; the drafts follow its present (docs/product.md, Undo and redo).
  const history = useHistory<EditorState>(props.initial);
  const state = history.present;
  const [storedError, setError] = useState<string | null>(props.initialError);
  // An error goes away once its cause is fixed, not only at the next save.
  const error =
    storedError === LIST_MESSAGES.nameRequired && cleanText(state.name, "line") ? null : storedError;
  // Each refusal is a new object, so a repeat restarts its 3 seconds.
  const [mixError, setMixError] = useState<{ text: string } | null>(null);
  // What the last import did (added, skipped, refused), until the next one or a clear.
  const [importNote, setImportNote] = useState<string | null>(null);
  // Set by any change the person makes; the server draft follows only those.
  const [changed, setChanged] = useState(props.initiallyChanged);

  const navigate = useNavigate();
  const location = useLocation();
  const catalog = useCatalog();
  const saveList = useSaveList();
  const { mutate: saveDraft } = useSaveDraft();
  const { mutate: deleteDraft } = useDeleteDraft();

  // The autosave waiting for its 2 s, run at once if the screen is left first.
  const pendingAutosave = useRef<(() => void) | null>(null);
  // After a save or a cancel nothing more is written to the drafts.
  const finished = useRef(false);

  const editing = state.editingListId !== null;
  const entries = useMemo(
    () => state.items.map((id) => catalog.data?.byId.get(id) ?? fallbackItem(id)),
    [state.items, catalog.data],
  );

  const change = (update: (s: EditorState) => EditorState, field?: "name" | "description") => {
    setChanged(true);
    history.change(update, field);
  };

  // Going back or forward is a change like any other: both drafts follow the state it brings back.
  const undo = () => {
    if (!history.canUndo) return;
    setChanged(true);
    history.undo();
  };
  const redo = () => {
    if (!history.canRedo) return;
    setChanged(true);
    history.redo();
  };
  useUndoShortcuts({ undo, redo });

  // This tab's draft follows every change (docs/product.md, Drafts).
  useEffect(() => {
    if (!finished.current) writeSessionDraft(state);
  }, [state]);

  // The server draft follows 2 s after the last change.
  useEffect(() => {
    const decision = autosaveDecision({ state, signedIn, changed });
    if (decision === "none" || finished.current) {
      pendingAutosave.current = null;
      return;
    }
    const run = () => {
      pendingAutosave.current = null;
      // A save or cancel ends the draft; the screen may stay up a moment
      // (the next route loading), and its timer must not bring the draft back.
      if (finished.current) return;
      if (decision === "save") {
        saveDraft({ name: state.name, description: state.description, tags: state.tags, items: state.items });
      } else {
        deleteDraft();
      }
    };
    pendingAutosave.current = run;
    const timer = window.setTimeout(run, TIMERS_MS.draftAutosave);
    return () => window.clearTimeout(timer);
  }, [state, signedIn, changed, saveDraft, deleteDraft]);

  useEffect(() => {
    const flush = pendingAutosave;
    return () => flush.current?.();
  }, []);

  useEffect(() => {
    if (!mixError) return;
    const timer = window.setTimeout(() => setMixError(null), TIMERS_MS.mixError);
    return () => window.clearTimeout(timer);
  }, [mixError]);

  // The address says whether a saved list is being edited, so a reload stays in edit mode;
  // one-off navigation state (post-login data, an edit request) is dropped once taken in.
  const wantedSearch = editSearch(state.editingListId, state.editingListId ? userId : null);
  useEffect(() => {
    if (location.search === wantedSearch && location.state == null) return;
    navigate({ pathname: location.pathname, search: wantedSearch }, { replace: true, state: null });
  }, [wantedSearch, location.search, location.state, location.pathname, navigate]);

  const add = (item: PickItem, index: number, via: "click" | "drop") => {
    const result = addItem(state.items, item, index);
    if (result.kind === "added") {
      change((s) => ({ ...s, items: result.items }));
    } else if (result.kind === "mixed") {
      if (via === "click" && isMobile) window.alert(mixAlertMessage(result.conflict));
      else setMixError({ text: mixInlineMessage(result.conflict) });
    }
  };

  const onPick = (item: PickItem) => add(item, state.items.length, "click");

  const onClear = () => {
    const something = hasContent(state) || editing;
    if (something && !window.confirm(LIST_MESSAGES.clearConfirm)) return;
    pendingAutosave.current = null;
    // A step like any other, so Undo brings the list back (and the drafts with it).
    history.change(EMPTY_EDITOR);
    setChanged(false);
    setError(null);
    setMixError(null);
    setImportNote(null);
    clearSessionDraft();
    if (signedIn) deleteDraft();
  };

  /** An import's outcome, worked out by the import panel with the builder's rules (model/list-import.ts). */
  const applyImport = (
    update: Partial<Pick<EditorState, "name" | "description" | "tags" | "items">>,
    note: string,
  ) => {
    change((s) => ({ ...s, ...update }));
    setImportNote(note);
  };

  const onCancel = () => {
    finished.current = true;
    pendingAutosave.current = null;
    clearSessionDraft();
    // A new list is abandoned; an edit leaves the new-list draft alone.
    if (signedIn && !editing) deleteDraft();
    navigate(pathTo("myLists"));
  };

  const onSignInToSave = () => {
    savePostLoginAction({ path: pathTo("create"), data: toPendingListData(state) });
    navigate(pathTo("login"));
  };

  const onSave = () => {
    // The server's rule, shared (docs/product.md, Names and texts).
    const name = checkText(state.name, LIST_NAME_RULE);
    const description = checkText(state.description, LIST_DESCRIPTION_RULE);
    if (!name.ok) {
      setError(name.message);
      return;
    }
    if (!description.ok) {
      setError(description.message);
      return;
    }
    setError(null);
    const existing = state.editingListId && userId ? { ownerId: userId, listId: state.editingListId } : null;
    saveList.mutate(
      {
        input: { name: name.text, description: description.text, tags: state.tags, items: state.items },
        existing,
      },
      {
        onSuccess: (list) => {
          finished.current = true;
          pendingAutosave.current = null;
          clearSessionDraft();
          // Saving a new list uses up the draft; an edit leaves the new-list draft alone.
          if (!existing) deleteDraft();
          navigate(pathTo("list", { userId: list.userId, listId: list.id }));
        },
        onError: (e) =>
          setError(
            e instanceof ApiClientError && e.status === 400 && e.message
              ? e.message
              : LIST_MESSAGES.saveFailed,
          ),
      },
    );
  };

  const toggleTag = (tag: string) =>
    change((s) => ({
      ...s,
      tags: s.tags.includes(tag) ? s.tags.filter((t) => t !== tag) : [...s.tags, tag],
    }));

  const move = (from: number, to: number) => change((s) => ({ ...s, items: moveItem(s.items, from, to) }));
  const drag = useRankingDrag({ entries, onDrop: (item, index) => add(item, index, "drop"), onMove: move });

  const kind = kindOfItems(state.items);
  const saving = saveList.isPending;

  return {
    state,
    entries,
    kind,
    editing,
    saving,
    error,
    mixError: mixError?.text ?? null,
    importNote,
    applyImport,
    drag,
    setName: (name: string) => change((s) => ({ ...s, name }), "name"),
    setDescription: (description: string) => change((s) => ({ ...s, description }), "description"),
    /** Leaving a text field ends its typing step. */
    endTyping: history.seal,
    canUndo: history.canUndo,
    canRedo: history.canRedo,
    undo,
    redo,
    toggleTag,
    remove: (id: string) => change((s) => ({ ...s, items: removeItem(s.items, id) })),
    move,
    onPick,
    onClear,
    onCancel,
    onSave,
    onSignInToSave,
  };
}
