import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TIMERS_MS } from "#shared/limits.ts";
import { type PalmPhase, runPalmTimeline } from "./palm-timeline.ts";

describe("runPalmTimeline", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("closes for 550 ms, calls halfway, waits 50 ms, opens for 650 ms, then completes", () => {
    const events: string[] = [];
    runPalmTimeline({
      reducedMotion: false,
      onPhase: (p: PalmPhase) => events.push(`${Date.now()}:${p}`),
      onHalfway: () => events.push(`${Date.now()}:halfway`),
      onComplete: () => events.push(`${Date.now()}:complete`),
    });
    const t0 = Date.now();
    vi.advanceTimersByTime(2000);
    const rel = events.map((e) => {
      const [t, name] = e.split(":");
      return `${Number(t) - t0}:${name}`;
    });
    expect(rel).toEqual([
      "0:closing",
      `${TIMERS_MS.transitionClose}:closed`,
      `${TIMERS_MS.transitionClose}:halfway`,
      `${TIMERS_MS.transitionClose + TIMERS_MS.transitionDelay}:opening`,
      "1250:idle",
      "1250:complete",
    ]);
  });

  it("does not call halfway before the fronds have closed", () => {
    const onHalfway = vi.fn();
    runPalmTimeline({ reducedMotion: false, onPhase: () => {}, onHalfway });
    vi.advanceTimersByTime(549);
    expect(onHalfway).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onHalfway).toHaveBeenCalledOnce();
  });

  it("with reduced motion skips the animation but still calls both callbacks, in order", () => {
    const calls: string[] = [];
    const onPhase = vi.fn();
    runPalmTimeline({
      reducedMotion: true,
      onPhase,
      onHalfway: () => calls.push("halfway"),
      onComplete: () => calls.push("complete"),
    });
    expect(calls).toEqual(["halfway", "complete"]);
    expect(onPhase).not.toHaveBeenCalled();
  });

  it("cancel stops every later callback", () => {
    const onHalfway = vi.fn();
    const onComplete = vi.fn();
    const cancel = runPalmTimeline({ reducedMotion: false, onPhase: () => {}, onHalfway, onComplete });
    vi.advanceTimersByTime(100);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(onHalfway).not.toHaveBeenCalled();
    expect(onComplete).not.toHaveBeenCalled();
  });

  it("times each step from the one before: a new screen that holds the main thread delays the opening, never skips it", () => {
    const queue: Array<{ fn: () => void; ms: number }> = [];
    const phases: string[] = [];
    runPalmTimeline({
      reducedMotion: false,
      onPhase: (p) => phases.push(p),
      setTimer: (fn, ms) => queue.push({ fn, ms }),
      clearTimer: () => {},
    });
    // Only the next step is ever waiting; it is set when the one before ran.
    expect(queue.map((t) => t.ms)).toEqual([TIMERS_MS.transitionClose]);
    queue.shift()!.fn();
    expect(queue.map((t) => t.ms)).toEqual([TIMERS_MS.transitionDelay]);
    queue.shift()!.fn();
    expect(queue.map((t) => t.ms)).toEqual([TIMERS_MS.transitionOpen]);
    queue.shift()!.fn();
    expect(queue).toEqual([]);
    expect(phases).toEqual(["closing", "closed", "opening", "idle"]);
  });
});
