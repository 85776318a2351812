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
 * The transition: fronds close for 550 ms, a 50 ms pause while covered,
 * then open for 650 ms. The halfway callback fires once the page is covered so
 * the navigation happens out of sight; the pause gives the new screen a frame to
 * render before it is revealed. Each step is timed from the one before it, not
 * from the start: a new screen that holds the main thread (a slow phone) delays
 * the opening rather than swallowing it, so the fronds always open on screen.
 * Returns a cancel function (no callbacks after it).
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

  let pending: unknown;
  let cancelled = false;
  const after = (ms: number, step: () => void) => {
    pending = setTimer(() => {
      if (!cancelled) step();
    }, ms);
  };

  opts.onPhase("closing");
  after(timers.transitionClose, () => {
    opts.onPhase("closed");
    opts.onHalfway?.();
    after(timers.transitionDelay, () => {
      opts.onPhase("opening");
      after(timers.transitionOpen, () => {
        opts.onPhase("idle");
        opts.onComplete?.();
      });
    });
  });
  return () => {
    cancelled = true;
    clearTimer(pending);
  };
}

export function prefersReducedMotion(): boolean {
  try {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch {
    return false;
  }
}
