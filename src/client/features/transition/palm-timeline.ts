import { TIMERS_MS } from "#shared/limits.ts";

export type PalmPhase = "idle" | "closing" | "closed" | "opening";

export interface PalmCallbacks {
  /** Runs when the fronds fully cover the page: the moment to swap what is under them. */
  onHalfway?: () => void;
  /** Runs when the fronds have fully opened again. */
  onComplete?: () => void;
}

export interface PalmTimelineOptions extends PalmCallbacks {
  onPhase: (phase: PalmPhase) => void;
  reducedMotion: boolean;
  timers?: { transitionClose: number; transitionDelay: number; transitionOpen: number };
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/**
 * The spec's transition: fronds close for 550 ms, a 50 ms pause while covered,
 * then open for 650 ms. The halfway callback fires once the page is covered so
 * the navigation happens out of sight; the pause gives the new screen a frame to
 * render before it is revealed. Returns a cancel function (no callbacks after it).
 */
export function runPalmTimeline(opts: PalmTimelineOptions): () => void {
  const timers = opts.timers ?? TIMERS_MS;
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));

  if (opts.reducedMotion) {
    // No animation for people who asked for less motion, but the same outcome.
    opts.onHalfway?.();
    opts.onComplete?.();
    return () => {};
  }

  const handles: unknown[] = [];
  const closedAt = timers.transitionClose;
  const openAt = closedAt + timers.transitionDelay;
  const doneAt = openAt + timers.transitionOpen;

  opts.onPhase("closing");
  handles.push(
    setTimer(() => {
      opts.onPhase("closed");
      opts.onHalfway?.();
    }, closedAt),
  );
  handles.push(setTimer(() => opts.onPhase("opening"), openAt));
  handles.push(
    setTimer(() => {
      opts.onPhase("idle");
      opts.onComplete?.();
    }, doneAt),
  );
  return () => handles.forEach(clearTimer);
}

export function prefersReducedMotion(): boolean {
  try {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch {
    return false;
  }
}
