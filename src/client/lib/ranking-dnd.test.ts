// @vitest-environment jsdom
import type {
  Active,
  ClientRect,
  Collision,
  DragEndEvent,
  DragStartEvent,
  DroppableContainer,
  Over,
} from "@dnd-kit/core";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PICKER_DRAG_PREFIX, type PickItem } from "#client/lib/pick-item.ts";
import {
  autoScrollThreshold,
  RANKING_DROP_ZONE,
  rankingCollisions,
  type RankingDragOptions,
  useRankingDrag,
} from "./ranking-dnd.ts";

describe("autoScrollThreshold", () => {
  it("makes the edge zone 200 px on desktop and 100 px on touch, whatever the window", () => {
    const desktop = autoScrollThreshold(false, { width: 1366, height: 900 });
    expect(desktop.y * 900).toBeCloseTo(200);
    expect(desktop.x * 1366).toBeCloseTo(200);
    const touch = autoScrollThreshold(true, { width: 390, height: 844 });
    expect(touch.y * 844).toBeCloseTo(100);
    expect(touch.x * 390).toBeCloseTo(100);
  });

  it("never covers more than half of a tiny window", () => {
    expect(autoScrollThreshold(false, { width: 300, height: 300 })).toEqual({ x: 0.5, y: 0.5 });
  });
});

const rect = (top: number, height = 60, left = 0, width = 400): ClientRect => ({
  top,
  left,
  width,
  height,
  bottom: top + height,
  right: left + width,
});

function container(id: string, r: ClientRect): DroppableContainer {
  return {
    id,
    key: id,
    data: { current: undefined },
    disabled: false,
    node: { current: null },
    rect: { current: r },
  };
}

describe("rankingCollisions", () => {
  const rows = ["s1-a", "s1-b", "s1-c"];
  const zone = container(RANKING_DROP_ZONE, rect(100, 220));
  const containers = [
    zone,
    container("s1-a", rect(110)),
    container("s1-b", rect(180)),
    container("s1-c", rect(250)),
  ];
  const droppableRects = new Map(containers.map((c) => [c.id, c.rect.current!]));
  const detect = (activeId: string, pointer: { x: number; y: number } | null, activeRect: ClientRect) =>
    rankingCollisions(rows)({
      active: {
        id: activeId,
        data: { current: undefined },
        rect: { current: { initial: activeRect, translated: activeRect } },
      },
      collisionRect: activeRect,
      droppableRects,
      droppableContainers: containers,
      pointerCoordinates: pointer,
    }).map((c: Collision) => c.id);

  it("snaps a reordered row to the nearest row", () => {
    expect(detect("s1-c", { x: 200, y: 120 }, rect(105))[0]).toBe("s1-a");
    expect(detect("s1-a", { x: 200, y: 270 }, rect(245))[0]).toBe("s1-c");
  });

  it("ignores a picker drag until the pointer is over the ranking", () => {
    expect(detect(`${PICKER_DRAG_PREFIX}s1-z`, { x: 700, y: 200 }, rect(170, 60, 650))).toEqual([]);
  });

  it("lands a picker drag by the nearest row once over the ranking", () => {
    expect(detect(`${PICKER_DRAG_PREFIX}s1-z`, { x: 200, y: 200 }, rect(175))).toEqual(["s1-b"]);
  });
});

describe("useRankingDrag", () => {
  const entries = [
    { id: "s1-a", name: "Ann" },
    { id: "s1-b", name: "Bob" },
    { id: "s1-c", name: "Cat" },
  ];
  const zed: PickItem = {
    id: "s1-z",
    name: "Zed",
    isSeason: false,
    seasonId: "s1",
    seasonName: "Borneo",
    seasonNumber: 1,
    imageUrl: "",
  };
  const active = (id: string, data?: Record<string, unknown>): Active => ({
    id,
    data: { current: data },
    rect: { current: { initial: rect(100), translated: rect(100) } },
  });
  const over = (id: string): Over => ({ id, rect: rect(100), data: { current: undefined }, disabled: false });
  const pickerActive = () => active(`${PICKER_DRAG_PREFIX}s1-z`, { source: "picker", item: zed });

  function setup() {
    const onDrop = vi.fn<RankingDragOptions["onDrop"]>();
    const onMove = vi.fn<RankingDragOptions["onMove"]>();
    const hook = renderHook(() => useRankingDrag({ entries, onDrop, onMove }));
    const start = (a: Active) =>
      act(() =>
        hook.result.current.dndProps.onDragStart({
          active: a,
          activatorEvent: new MouseEvent("mousedown"),
        } as DragStartEvent),
      );
    const end = (a: Active, o: Over | null) =>
      act(() => hook.result.current.dndProps.onDragEnd({ active: a, over: o } as DragEndEvent));
    return { hook, onDrop, onMove, start, end };
  }

  it("drops a picker item at the end when it is over the ranking but no row", () => {
    const { hook, onDrop, onMove, start, end } = setup();
    start(pickerActive());
    expect(hook.result.current.activeDrag).toEqual({ kind: "picker", item: zed });
    end(pickerActive(), over(RANKING_DROP_ZONE));
    expect(onDrop).toHaveBeenCalledWith(zed, 3);
    expect(onMove).not.toHaveBeenCalled();
    expect(hook.result.current.activeDrag).toBeNull();
  });

  it("moves a row dropped on another row, and leaves one dropped on itself", () => {
    const { hook, onMove, start, end } = setup();
    start(active("s1-c"));
    expect(hook.result.current.activeDrag).toEqual({ kind: "row", id: "s1-c" });
    end(active("s1-c"), over("s1-a"));
    expect(onMove).toHaveBeenCalledWith(2, 0);
    end(active("s1-b"), over("s1-b"));
    expect(onMove).toHaveBeenCalledTimes(1);
  });

  it("announces rows and picker items by name", () => {
    const { hook } = setup();
    const { announcements } = hook.result.current.dndProps.accessibility;
    expect(announcements.onDragStart({ active: pickerActive() })).toBe("Picked up Zed.");
    expect(announcements.onDragOver({ active: active("s1-c"), over: over("s1-a") })).toBe(
      "Cat is over position 1.",
    );
    expect(announcements.onDragEnd({ active: active("s1-c"), over: null })).toBe("Cat was put back.");
  });
});

describe("useRankingDrag with fixed slots", () => {
  const slots = [
    { id: "s49-a", name: "Savannah Louie" },
    { id: "empty-slot-2", name: "Vote for #2" },
    { id: "s49-c", name: "Sophie Segreti" },
  ];
  const pick: PickItem = {
    id: "s49-z",
    name: "Rizo Velovic",
    isSeason: false,
    seasonId: "s49",
    seasonName: "Survivor 49",
    seasonNumber: 49,
    imageUrl: "",
  };
  const active = (id: string, data?: Record<string, unknown>): Active => ({
    id,
    data: { current: data },
    rect: { current: { initial: rect(100), translated: rect(100) } },
  });
  const over = (id: string): Over => ({ id, rect: rect(100), data: { current: undefined }, disabled: false });

  it("fills the slot a picker item is dropped on, and nothing when it is over no slot", () => {
    const onDrop = vi.fn<RankingDragOptions["onDrop"]>();
    const hook = renderHook(() =>
      useRankingDrag({ entries: slots, onDrop, onMove: vi.fn(), layout: "slots", touchHoldMs: 150 }),
    );
    const picker = active(`${PICKER_DRAG_PREFIX}s49-z`, { source: "picker", item: pick });
    act(() =>
      hook.result.current.dndProps.onDragEnd({ active: picker, over: over("empty-slot-2") } as DragEndEvent),
    );
    expect(onDrop).toHaveBeenCalledWith(pick, 1);
    act(() =>
      hook.result.current.dndProps.onDragEnd({
        active: picker,
        over: over(RANKING_DROP_ZONE),
      } as DragEndEvent),
    );
    expect(onDrop).toHaveBeenCalledTimes(1);
  });

  it("announces a row's move with its new position out of all the slots", () => {
    const hook = renderHook(() =>
      useRankingDrag({ entries: slots, onDrop: vi.fn(), onMove: vi.fn(), layout: "slots" }),
    );
    const { announcements } = hook.result.current.dndProps.accessibility;
    expect(announcements.onDragEnd({ active: active("s49-a"), over: over("s49-c") })).toBe(
      "Savannah Louie moved to position 3 of 3.",
    );
  });
});
