import {
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { useEffect, useMemo, useState } from "react";
import { useToast } from "#client/components/ui/toast.tsx";
import { isPickerDragData, type PickItem } from "#client/lib/pick-item.ts";
import {
  dropIndexOf,
  isPickerDragId,
  rankingCollisions,
  useRankingSensors,
} from "#client/lib/ranking-dnd.ts";
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

export type ActiveDrag = { kind: "row"; id: string } | { kind: "picker"; item: PickItem } | null;

/** A message under the edited list; a refused mix goes after 3 s (spec), a failed save stays. */
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
  const [activeDrag, setActiveDrag] = useState<ActiveDrag>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
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
  const rowIds = useMemo(() => entries.map((e) => e.id), [entries]);

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

  // Drag and drop
  const sensors = useRankingSensors();
  const collisionDetection = useMemo(() => rankingCollisions(rowIds), [rowIds]);

  const endDrag = () => {
    setActiveDrag(null);
    setDropIndex(null);
  };

  const onDragStart = (event: DragStartEvent) => {
    const data = event.active.data.current;
    setActiveDrag(
      isPickerDragData(data)
        ? { kind: "picker", item: data.item }
        : { kind: "row", id: String(event.active.id) },
    );
  };

  const onDragMove = (event: DragMoveEvent) => {
    if (!isPickerDragId(event.active.id)) return;
    const next = dropIndexOf(event, rowIds);
    if (next !== dropIndex) setDropIndex(next);
  };

  const onDragEnd = (event: DragEndEvent) => {
    const data = event.active.data.current;
    if (isPickerDragData(data)) {
      const index = dropIndexOf(event, rowIds);
      if (index !== null) add(data.item, index, "drop");
    } else if (event.over && event.over.id !== event.active.id) {
      const from = rowIds.indexOf(String(event.active.id));
      const to = rowIds.indexOf(String(event.over.id));
      if (from >= 0 && to >= 0) move(from, to);
    }
    endDrag();
  };

  const nameOf = (id: string | number) => {
    const key = String(id);
    if (isPickerDragId(key)) return activeDrag?.kind === "picker" ? activeDrag.item.name : "item";
    return entries.find((e) => e.id === key)?.name ?? "item";
  };
  const positionOf = (id: string | number) => rowIds.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over && !isPickerDragId(active.id) && positionOf(over.id) > 0
        ? `${nameOf(active.id)} is over position ${positionOf(over.id)}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} was dropped.` : `${nameOf(active.id)} was put back.`,
    onDragCancel: ({ active }) => `Dragging ${nameOf(active.id)} was cancelled.`,
  };

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
    activeDrag,
    dropIndex,
    dndProps: {
      sensors,
      collisionDetection,
      accessibility: { announcements },
      onDragStart,
      onDragMove,
      onDragEnd,
      onDragCancel: endDrag,
    },
  };
}

export type ReferenceEditor = ReturnType<typeof useReferenceEditor>;
