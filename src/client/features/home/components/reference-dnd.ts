import {
  closestCenter,
  type CollisionDetection,
  PointerSensor,
  type PointerSensorOptions,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  type TouchSensorOptions,
} from "@dnd-kit/core";
import type { PointerEvent as ReactPointerEvent, TouchEvent as ReactTouchEvent } from "react";
import { PICKER_DRAG_PREFIX } from "#client/lib/pick-item.ts";

/** The droppable that is the whole edited list: dropping on it (not on a row) appends. */
export const REFERENCE_DROP_ZONE = "reference-drop-zone";

/** Put on controls inside a row (move, remove) so pressing them never starts a drag. */
export const NO_DRAG_ATTR = "data-no-drag";

const startsOnControl = (target: EventTarget | null) =>
  target instanceof Element && target.closest(`[${NO_DRAG_ATTR}]`) !== null;

/** Mouse and pen drags (a few px to start, so a click stays a click); fingers go to the touch sensor. */
export class MousePointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: "onPointerDown" as const,
      handler: ({ nativeEvent: event }: ReactPointerEvent, { onActivation }: PointerSensorOptions) => {
        if (!event.isPrimary || event.button !== 0 || event.pointerType === "touch") return false;
        if (startsOnControl(event.target)) return false;
        onActivation?.({ event });
        return true;
      },
    },
  ];
}

/** Touch drags after a short hold (spec: 80 ms, as on the create screen), so a swipe still scrolls. */
export class HoldTouchSensor extends TouchSensor {
  static override activators = [
    {
      eventName: "onTouchStart" as const,
      handler: ({ nativeEvent: event }: ReactTouchEvent, { onActivation }: TouchSensorOptions) => {
        if (event.touches.length > 1 || startsOnControl(event.target)) return false;
        onActivation?.({ event });
        return true;
      },
    },
  ];
}

export const isPickerDragId = (id: string | number) => String(id).startsWith(PICKER_DRAG_PREFIX);

/**
 * Rows being reordered snap to the nearest row. Something from the picker
 * counts only once the pointer is over the list, and then lands by the
 * nearest row (or, in an empty list, on the list itself).
 */
export function referenceCollisions(rowIds: readonly string[]): CollisionDetection {
  const rowSet = new Set(rowIds);
  return (args) => {
    const rows = args.droppableContainers.filter((c) => rowSet.has(String(c.id)));
    if (!isPickerDragId(args.active.id)) return closestCenter({ ...args, droppableContainers: rows });
    const zone = args.droppableContainers.filter((c) => c.id === REFERENCE_DROP_ZONE);
    const zoneArgs = { ...args, droppableContainers: zone };
    const inside = args.pointerCoordinates ? pointerWithin(zoneArgs) : rectIntersection(zoneArgs);
    if (inside.length === 0) return [];
    const nearest = rows.length ? closestCenter({ ...args, droppableContainers: rows }) : [];
    return nearest.length ? nearest.slice(0, 1) : inside;
  };
}
