import type { ClientRect, Collision, DroppableContainer } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { PICKER_DRAG_PREFIX } from "#client/lib/pick-item.ts";
import { autoScrollThreshold, RANKING_DROP_ZONE, rankingCollisions } from "./ranking-dnd.ts";

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
