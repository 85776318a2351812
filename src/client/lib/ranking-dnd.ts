// dnd-kit glue shared by every ranking editor (the list builder, the home page's reference lists,
// the Global Rankings vote).
import {
  type Active,
  type Announcements,
  closestCenter,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type PointerSensorOptions,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  type TouchSensorOptions,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import {
  type PointerEvent as ReactPointerEvent,
  type TouchEvent as ReactTouchEvent,
  useMemo,
  useState,
} from "react";
import { isPickerDragData, PICKER_DRAG_PREFIX, type PickItem } from "./pick-item.ts";
import { insertionIndex } from "./ranking-rules.ts";

/** A finger held this long starts a drag; moving further first scrolls (docs/product.md, Phones). */
export const TOUCH_DRAG_HOLD_MS = 80;
/** The Global Rankings long press; a shorter touch is a tap that selects a slot. */
export const SLOT_TOUCH_HOLD_MS = 150;
export const TOUCH_DRAG_TOLERANCE_PX = 8;
/** A mouse must move this far before a press becomes a drag, so clicks stay clicks. */
export const POINTER_DRAG_DISTANCE_PX = 5;
/** The auto-scroll edge zone. */
export const AUTO_SCROLL_ZONE_PX = { touch: 100, pointer: 200 } as const;

/** The droppable that is the whole ranking: dropping on it (not on a row) appends. */
export const RANKING_DROP_ZONE = "ranking-drop-zone";

/** Put on controls inside a row (remove, move up/down) so pressing them never starts a drag. */
export const NO_DRAG_ATTR = "data-no-drag";

const startsOnControl = (target: EventTarget | null) =>
  target instanceof Element && target.closest(`[${NO_DRAG_ATTR}]`) !== null;

/**
 * Mouse and pen drags (5 px to start, so a click stays a click). Fingers are
 * left to the touch sensor, which waits for a short hold so a swipe scrolls.
 */
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

/** Touch drags after a hold (80 ms), so a swipe still scrolls. */
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
 * Rows being reordered snap to the nearest row. Something dragged in from the
 * picker counts only once the pointer is over the ranking, and then lands by
 * the nearest row (or, in an empty ranking, on the ranking itself).
 */
export function rankingCollisions(rowIds: readonly string[]): CollisionDetection {
  const rowSet = new Set(rowIds);
  return (args) => {
    const rows = args.droppableContainers.filter((c) => rowSet.has(String(c.id)));
    if (!isPickerDragId(args.active.id)) return closestCenter({ ...args, droppableContainers: rows });
    const zone = args.droppableContainers.filter((c) => c.id === RANKING_DROP_ZONE);
    const zoneArgs = { ...args, droppableContainers: zone };
    const inside = args.pointerCoordinates ? pointerWithin(zoneArgs) : rectIntersection(zoneArgs);
    if (inside.length === 0) return [];
    const nearest = rows.length ? closestCenter({ ...args, droppableContainers: rows }) : [];
    return nearest.length ? nearest.slice(0, 1) : inside;
  };
}

/**
 * dnd-kit's auto-scroll threshold is a fraction of the scrolled box; the page
 * scrolls the window, so this turns the edge zone (100 px on touch,
 * 200 px otherwise) into that fraction of the viewport.
 */
export function autoScrollThreshold(touch: boolean, viewport: { width: number; height: number }) {
  const zone = touch ? AUTO_SCROLL_ZONE_PX.touch : AUTO_SCROLL_ZONE_PX.pointer;
  return {
    x: Math.min(0.5, zone / Math.max(1, viewport.width)),
    y: Math.min(0.5, zone / Math.max(1, viewport.height)),
  };
}

/** Mouse (a few px to start), touch (after a short hold) and keyboard. */
export function useRankingSensors(touchHoldMs: number = TOUCH_DRAG_HOLD_MS) {
  return useSensors(
    useSensor(MousePointerSensor, { activationConstraint: { distance: POINTER_DRAG_DISTANCE_PX } }),
    useSensor(HoldTouchSensor, {
      activationConstraint: { delay: touchHoldMs, tolerance: TOUCH_DRAG_TOLERANCE_PX },
    }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/**
 * Where something dragged in from the picker would land among `rowIds`:
 * by the row it is over, at the end over the ranking but no row, or
 * nowhere (null) outside the ranking.
 */
export function dropIndexOf(event: DragMoveEvent | DragEndEvent, rowIds: readonly string[]): number | null {
  const { over, active } = event;
  if (!over) return null;
  if (over.id === RANKING_DROP_ZONE) return rowIds.length;
  const index = rowIds.indexOf(String(over.id));
  return insertionIndex(
    rowIds.length,
    index >= 0 ? { index, rect: over.rect } : null,
    active.rect.current.translated ?? active.rect.current.initial,
  );
}

/**
 * Which slot something dragged in from the picker would fill in a ranking of
 * fixed slots: the one under it (nearest to it, once over the ranking), or none.
 */
export function slotIndexOf(event: DragMoveEvent | DragEndEvent, rowIds: readonly string[]): number | null {
  const index = event.over ? rowIds.indexOf(String(event.over.id)) : -1;
  return index >= 0 ? index : null;
}

/** What is being dragged: one of the ranking's rows, or an item out of the picker. */
export type ActiveDrag = { kind: "row"; id: string } | { kind: "picker"; item: PickItem } | null;

/** The least a ranking's entry has: an id (the sortable id) and a name for announcements. */
export interface RankedEntry {
  id: string;
  name: string;
}

export interface RankingDragOptions {
  /** The ranking's rows, in order. */
  entries: readonly RankedEntry[];
  /** An item from the picker was dropped on the ranking; `index` is where it lands. */
  onDrop: (item: PickItem, index: number) => void;
  /** A row was dropped on another row's place. */
  onMove: (from: number, to: number) => void;
  /**
   * "list" (default): a growing list, where a picker item lands between rows.
   * "slots": fixed places (some empty), where a picker item fills the slot under it.
   */
  layout?: "list" | "slots";
  /** How long a finger is held before it drags (default 80 ms; a vote's slots take 150 ms). */
  touchHoldMs?: number;
}

const isTouchEvent = (event: Event) => typeof TouchEvent !== "undefined" && event instanceof TouchEvent;

/**
 * Everything a ranking editor's DndContext needs: sensors, collisions, the
 * drag handlers and their announcements, plus what is being dragged and where
 * a picker item would land (for the rows and the overlay to show). Every
 * ranking editor uses this, so they drag, drop and announce alike.
 */
export function useRankingDrag({
  entries,
  onDrop,
  onMove,
  layout = "list",
  touchHoldMs = TOUCH_DRAG_HOLD_MS,
}: RankingDragOptions) {
  const [activeDrag, setActiveDrag] = useState<ActiveDrag>(null);
  const [dropIndex, setDropIndex] = useState<number | null>(null);
  const [scrollThreshold, setScrollThreshold] = useState({ x: 0.2, y: 0.2 });
  const rowIds = useMemo(() => entries.map((e) => e.id), [entries]);
  const sensors = useRankingSensors(touchHoldMs);
  const landingOf = layout === "slots" ? slotIndexOf : dropIndexOf;
  const collisionDetection = useMemo(() => rankingCollisions(rowIds), [rowIds]);

  const onDragStart = (event: DragStartEvent) => {
    const data = event.active.data.current;
    setActiveDrag(
      isPickerDragData(data)
        ? { kind: "picker", item: data.item }
        : { kind: "row", id: String(event.active.id) },
    );
    // Measured per drag: the window may have been resized, and touch wants the smaller zone.
    setScrollThreshold(
      autoScrollThreshold(isTouchEvent(event.activatorEvent), {
        width: window.innerWidth,
        height: window.innerHeight,
      }),
    );
  };

  const onDragMove = (event: DragMoveEvent) => {
    if (!isPickerDragId(event.active.id)) return;
    const next = landingOf(event, rowIds);
    if (next !== dropIndex) setDropIndex(next);
  };

  const endDrag = () => {
    setActiveDrag(null);
    setDropIndex(null);
  };

  const onDragEnd = (event: DragEndEvent) => {
    const data = event.active.data.current;
    if (isPickerDragData(data)) {
      const index = landingOf(event, rowIds);
      if (index !== null) onDrop(data.item, index);
    } else if (event.over && event.over.id !== event.active.id) {
      const from = rowIds.indexOf(String(event.active.id));
      const to = rowIds.indexOf(String(event.over.id));
      if (from >= 0 && to >= 0) onMove(from, to);
    }
    endDrag();
  };

  // A picker item's name comes with its drag data: it is not among the rows yet.
  const nameOf = (active: Active) => {
    const data = active.data.current;
    if (isPickerDragData(data)) return data.item.name;
    return entries.find((e) => e.id === String(active.id))?.name ?? "item";
  };
  const positionOf = (id: string | number) => rowIds.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active)}.`,
    onDragOver: ({ active, over }) =>
      over && !isPickerDragId(active.id) && positionOf(over.id) > 0
        ? `${nameOf(active)} is over position ${positionOf(over.id)}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over && !isPickerDragId(active.id) && over.id !== active.id && positionOf(over.id) > 0
        ? `${movedTo(nameOf(active), positionOf(over.id), rowIds.length)}.`
        : over
          ? `${nameOf(active)} was dropped.`
          : `${nameOf(active)} was put back.`,
    onDragCancel: ({ active }) => `Dragging ${nameOf(active)} was cancelled.`,
  };

  return {
    activeDrag,
    /** While a picker item is over the ranking: the index it would take. */
    dropIndex,
    /** Spread on the DndContext. */
    dndProps: {
      sensors,
      collisionDetection,
      accessibility: { announcements },
      onDragStart,
      onDragMove,
      onDragEnd,
      onDragCancel: endDrag,
    },
    /**
     * The auto-scroll edge zone, for the DndContext's `autoScroll`. Apart
     * from dndProps because the home page has kept dnd-kit's default zone so far.
     */
    autoScroll: { threshold: scrollThreshold },
  };
}

export type RankingDrag = ReturnType<typeof useRankingDrag>;

/** What a screen reader hears when a row moves: 'Savannah Louie moved to position 3 of 10'. */
export const movedTo = (name: string, position: number, count: number) =>
  `${name} moved to position ${position} of ${count}`;
