import { describe, expect, it } from "vitest";
import {
  clampSheetHeight,
  defaultSheetHeight,
  dragHeight,
  releaseClosesSheet,
  SHEET_MIN_PX,
  sheetMaxHeight,
} from "./sheet-height.ts";

describe("bottom sheet height", () => {
  it("opens at 85 % of the window", () => {
    expect(defaultSheetHeight(844)).toBe(717);
    expect(defaultSheetHeight(1000)).toBe(850);
  });

  it("stays between 100 px and 95 % of the window", () => {
    expect(sheetMaxHeight(1000)).toBe(950);
    expect(clampSheetHeight(20, 1000)).toBe(SHEET_MIN_PX);
    expect(clampSheetHeight(-400, 1000)).toBe(100);
    expect(clampSheetHeight(500, 1000)).toBe(500);
    expect(clampSheetHeight(990, 1000)).toBe(950);
    expect(clampSheetHeight(Number.NaN, 1000)).toBe(950);
  });

  it("never lets the maximum fall under the minimum on a tiny window", () => {
    expect(clampSheetHeight(300, 80)).toBe(100);
  });

  it("grows when the handle moves up and shrinks when it moves down", () => {
    expect(dragHeight(600, 300, 200)).toBe(700);
    expect(dragHeight(600, 300, 450)).toBe(450);
  });

  it("closes when released below the minimum", () => {
    expect(releaseClosesSheet(99)).toBe(true);
    expect(releaseClosesSheet(100)).toBe(false);
  });
});
