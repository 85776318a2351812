// The mobile bottom sheet (docs/product.md, Phones): 85vh when opened, resizable by its
// handle between 100 px and 95 % of the window height.
export const SHEET_DEFAULT_VH = 85;
export const SHEET_MIN_PX = 100;
export const SHEET_MAX_RATIO = 0.95;
/** One arrow-key press on the handle. */
export const SHEET_KEY_STEP_PX = 40;

export function sheetMaxHeight(windowHeight: number): number {
  return Math.round(windowHeight * SHEET_MAX_RATIO);
}

export function defaultSheetHeight(windowHeight: number): number {
  return Math.round((windowHeight * SHEET_DEFAULT_VH) / 100);
}

export function clampSheetHeight(height: number, windowHeight: number): number {
  const max = Math.max(SHEET_MIN_PX, sheetMaxHeight(windowHeight));
  if (!Number.isFinite(height)) return max;
  return Math.min(max, Math.max(SHEET_MIN_PX, Math.round(height)));
}

/** The sheet grows as the handle moves up: the height the finger asks for, unclamped. */
export function dragHeight(startHeight: number, startY: number, currentY: number): number {
  return startHeight + (startY - currentY);
}

/** Pulling the handle below the minimum is read as "put it away". */
export function releaseClosesSheet(requestedHeight: number): boolean {
  return requestedHeight < SHEET_MIN_PX;
}
