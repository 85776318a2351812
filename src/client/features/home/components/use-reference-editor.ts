import { useEffect, useState } from "react";
import { useToast } from "#client/components/ui/toast.tsx";
import type { PickItem } from "#client/lib/pick-item.ts";
import { useRankingDrag } from "#client/lib/ranking-dnd.ts";
import { removeItem } from "#client/lib/ranking-rules.ts";
import { TIMERS_MS } from "#shared/limits.ts";
import { useSaveReferenceList } from "../api/home-api.ts";
import {
  addEntry,
  moveEntry,
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

  const commit = (next: ReferenceEntry[]) => {
    setMessage(null);
    save.mutate({ id: selected, entries: next });
  };

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
    add,
    remove,
    move,
    drag,
  };
}

export type ReferenceEditor = ReturnType<typeof useReferenceEditor>;
