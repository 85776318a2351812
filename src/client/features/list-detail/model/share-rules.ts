import { SHARE_RULES, type ShareLayout } from "#shared/share-images.ts";

/** Texts of the Share button and the 'Share Your Ranking' modal (docs/product.md, Sharing pictures). */
export const SHARE_MESSAGES = {
  button: "Share",
  buttonMobile: "Share List",
  generating: "Generating...",
  title: "Share Your Ranking",
  download: "Download Image",
  mobileTip: "Tip: Long press the image to save it to your camera roll.",
  shareSheet: "Share Image",
  close: "Close",
  failed: (message: string) => `Sorry, couldn't generate the shareable images. Error: ${message}`,
} as const;

const LAYOUT_NAMES: Record<ShareLayout, string> = { classic: "Classic layout", beach: "Beach layout" };
export const shareLayoutName = (layout: ShareLayout) => LAYOUT_NAMES[layout];

/** Long enough to read the failure and its reason (the default toast is 3 s). */
export const SHARE_FAILURE_TOAST_MS = 6000;

/** The list name with spaces turned to underscores, plus _ranking.png or _ranking_beach.png. */
export function shareFileName(listName: string, layout: ShareLayout): string {
  const base = (listName.trim() || SHARE_RULES.untitled).replace(/\s+/g, "_");
  return `${base}${layout === "beach" ? "_ranking_beach" : "_ranking"}.png`;
}

/** A swipe moves the carousel once it travels 50 px sideways. */
export const SHARE_SWIPE_THRESHOLD_PX = 50;

/**
 * Which way a finished touch moves the carousel: +1 (next) for a swipe to the
 * left, -1 for one to the right, 0 when it is short of the threshold or more
 * up-and-down than sideways (a scroll, not a swipe).
 */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SHARE_SWIPE_THRESHOLD_PX || Math.abs(dy) > Math.abs(dx)) return 0;
  return dx < 0 ? 1 : -1;
}

/** The Left and Right arrow keys step the carousel; other keys leave it. */
export function keyStep(key: string): -1 | 0 | 1 {
  if (key === "ArrowLeft") return -1;
  if (key === "ArrowRight") return 1;
  return 0;
}

/** The slide `step` away from `index`, going round at either end. */
export function stepIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
