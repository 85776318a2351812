import { useEffect, useState } from "react";
import { useToast } from "#client/components/ui/toast.tsx";
import type { PickItem } from "#client/lib/pick-item.ts";
import { useRankingDrag } from "#client/lib/ranking-dnd.ts";
import { removeItem } from "#client/lib/ranking-rules.ts";
import { useHistory, useUndoShortcuts } from "#client/lib/use-history.ts";
import { TIMERS_MS } from "#shared/limits.ts";
import { useSaveReferenceList } from "../api/home-api.ts";
import {
  addEntry,
  moveEntry,
  REFERENCE_LIST_IDS,
  REFERENCE_LIST_LABELS,
  type ReferenceEntry,
  type ReferenceListId,
  type ReferenceListsDto,
} from "../model/reference-lists.ts";

/** A message under the edited list; a refused mix goes after 3 s, a failed save stays. */
interface EditorMessage {
  text: string;
  fleeting: boolean;
}

const EMPTY: ReferenceEntry[] = [];

type ReferenceLists = ReferenceListsDto["lists"];

/**
 * Editing the reference lists like the list builder: picks append to the
 * selected list, picker drags land where they are dropped, rows reorder by
 * drag or buttons, and every change is saved at once (optimistically).
 */
export function useReferenceEditor(data: ReferenceListsDto | undefined, isMobile: boolean) {
  const [selected, setSelected] = useState<ReferenceListId>("maddysList");
  const [message, setMessage] = useState<EditorMessage | null>(null);
  const toast = useToast();

  const say = (text: string, fleeting: boolean) => {
    setMessage({ text, fleeting });
    // On a phone the seasons sheet covers the list; a toast shows above it.
    if (isMobile) toast.show(text, fleeting ? TIMERS_MS.mixError : 4000);
  };
  const save = useSaveReferenceList((text) => say(text, false));

  useEffect(() => {
    if (!message?.fleeting) return;
    const timer = window.setTimeout(() => setMessage(null), TIMERS_MS.mixError);
    return () => window.clearTimeout(timer);
  }, [message]);

  const canEdit = data?.canEdit === true;
  const entries = data?.lists[selected] ?? EMPTY;
  // The lists as this editor's own changes left them: each change is a step
  // in one list, so Undo and Redo know which list to save back.
  const history = useHistory<ReferenceLists | null>(() => data?.lists ?? null);

  const send = (id: ReferenceListId, next: ReferenceEntry[]) => {
    setMessage(null);
    save.mutate({ id, entries: next });
  };
  const commit = (next: ReferenceEntry[]) => {
    const id = selected;
    const base = data?.lists;
    history.change((lists) => {
      const from = lists ?? base;
      return from ? { ...from, [id]: next } : lists;
    });
    send(id, next);
  };

  const travel = (target: ReferenceLists | null | undefined, go: () => void) => {
    const present = history.present;
    if (!canEdit || !target || !present) return;
    const id = REFERENCE_LIST_IDS.find((i) => target[i] !== present[i]);
    go();
    if (!id) return;
    // The list that changes back is the one shown.
    setSelected(id);
    send(id, target[id]);
  };
  const undo = () => travel(history.previous, history.undo);
  const redo = () => travel(history.next, history.redo);
  useUndoShortcuts({ undo, redo }, canEdit);

  const add = (item: PickItem, index: number = entries.length, via: "click" | "drop" = "click") => {
    if (!canEdit) return;
    const result = addEntry(entries, item, index);
    if (result.kind === "mixed") say(result.message, true);
    if (result.kind !== "added") return;
    commit(result.entries);
    if (isMobile && via === "click")
      toast.show(`Added ${item.name} to ${REFERENCE_LIST_LABELS[selected]}`, 2000);
  };
  const remove = (id: string) => commit(removeItem(entries, id));
  const move = (from: number, to: number) => {
    const next = moveEntry(entries, from, to);
    if (next) commit(next);
  };

  const drag = useRankingDrag({
    entries,
    onDrop: (item, index) => add(item, index, "drop"),
    onMove: move,
  });

  return {
    canEdit,
    selected,
    select: (id: ReferenceListId) => {
      setSelected(id);
      setMessage(null);
    },
    entries,
    message: message?.text ?? null,
    saving: save.isPending,
    canUndo: canEdit && history.canUndo,
    canRedo: canEdit && history.canRedo,
    undo,
    redo,
    add,
    remove,
    move,
    drag,
  };
}

export type ReferenceEditor = ReturnType<typeof useReferenceEditor>;
