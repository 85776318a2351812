import { useDraggable } from "@dnd-kit/core";
import { type PointerEvent as ReactPointerEvent, type SyntheticEvent, useMemo } from "react";
import { PICKER_DRAG_PREFIX, type PickerDragData, type PickItem } from "#client/lib/pick-item.ts";

type Handler = (event: SyntheticEvent) => void;

export interface PickerDraggable {
  setNodeRef: (element: HTMLElement | null) => void;
  /** Spread on the element that starts a drag. Mouse only, never keys. */
  dragListeners: Record<string, Handler> | undefined;
  isDragging: boolean;
}

/**
 * A picker item as a dnd-kit draggable (id `picker:{item id}`, data
 * `{ source: "picker", item }`), for the page's DndContext to drop into a list.
 *
 * Only a mouse starts a drag: a finger on a touch screen must scroll the panel,
 * and adding there is by tap. Keyboard activators are dropped too, because
 * Enter on a row means "add it", not "pick it up".
 */
export function usePickerDraggable(item: PickItem, enabled: boolean): PickerDraggable {
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: PICKER_DRAG_PREFIX + item.id,
    data: { source: "picker", item } satisfies PickerDragData,
    disabled: !enabled,
  });
  const dragListeners = useMemo(() => {
    if (!enabled || !listeners) return undefined;
    const out: Record<string, Handler> = {};
    const onPointerDown = listeners.onPointerDown as Handler | undefined;
    if (onPointerDown) {
      out.onPointerDown = (event) => {
        if ((event as ReactPointerEvent).pointerType === "mouse") onPointerDown(event);
      };
    }
    const onMouseDown = listeners.onMouseDown as Handler | undefined;
    if (onMouseDown) {
      out.onMouseDown = (event) => {
        // Touch screens synthesise a mousedown after a tap; those come without a real mouse.
        if (
          !(event.nativeEvent as MouseEvent & { sourceCapabilities?: { firesTouchEvents?: boolean } })
            .sourceCapabilities?.firesTouchEvents
        ) {
          onMouseDown(event);
        }
      };
    }
    return out;
  }, [enabled, listeners]);
  return { setNodeRef, dragListeners, isDragging };
}
