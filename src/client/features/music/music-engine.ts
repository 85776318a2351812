import { readJson, STORAGE_KEYS, writeJson } from "#client/lib/storage.ts";
import { createNoiseBuffer, LOOP_STEPS, playStep, STEP_SECONDS, type Voices } from "./music-synth.ts";

export const MASTER_GAIN = 0.15;
const LOOKAHEAD_S = 0.15; // how far ahead notes are put on the audio clock
const TICK_MS = 25; // how often the scheduler looks ahead
const FADE_IN_S = 1.2;
const FADE_OUT_S = 0.06; // "immediately", without a click
const SUSPEND_AFTER_MS = 150;

/** Marks elements whose own click decides about sound (the mute button). */
export const MUSIC_TOGGLE_ATTR = "data-music-toggle";

export interface MusicState {
  /** The visitor's choice, persisted across visits. */
  muted: boolean;
  /** A first pointer or key press happened, so the browser lets audio start. */
  unlocked: boolean;
  /** Notes are being scheduled right now. */
  playing: boolean;
}

export interface MusicDeps {
  createAudioContext: () => AudioContext | null;
  loadMuted: () => boolean;
  saveMuted: (muted: boolean) => void;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  setTick: (fn: () => void, ms: number) => unknown;
  clearTick: (handle: unknown) => void;
}

export interface MusicController {
  getState: () => MusicState;
  subscribe: (listener: () => void) => () => void;
  setMuted: (muted: boolean) => void;
  /** Called from a click on the mute button: itself a user gesture. */
  toggleMuted: () => void;
  /** A user gesture happened somewhere on the page. */
  notifyInteraction: () => void;
  /** Listens on `doc` for the first gesture and for tab visibility; returns a detach. */
  attach: (doc: Document) => () => void;
}

export const browserMusicDeps = (): MusicDeps => ({
  createAudioContext: () => {
    const Ctor =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return null;
    try {
      return new Ctor();
    } catch {
      return null;
    }
  },
  loadMuted: () => readJson<boolean>("local", STORAGE_KEYS.muted) === true,
  saveMuted: (muted) => writeJson("local", STORAGE_KEYS.muted, muted),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setTick: (fn, ms) => setInterval(fn, ms),
  clearTick: (h) => clearInterval(h as ReturnType<typeof setInterval>),
});

interface Graph {
  ctx: AudioContext;
  master: GainNode;
  voices: Voices;
}

/**
 * Background music: a state machine (muted / unlocked / playing) around a Web
 * Audio graph. Browsers refuse sound before a user gesture, so nothing is
 * created until the first pointer or key press, and only if not muted.
 */
export function createMusicController(deps: MusicDeps = browserMusicDeps()): MusicController {
  let state: MusicState = { muted: deps.loadMuted(), unlocked: false, playing: false };
  const listeners = new Set<() => void>();
  let graph: Graph | null = null;
  let tick: unknown = null;
  let suspendTimer: unknown = null;
  let nextStep = 0;
  let nextTime = 0;
  let hidden = false;

  const set = (patch: Partial<MusicState>) => {
    const next = { ...state, ...patch };
    if (next.muted === state.muted && next.unlocked === state.unlocked && next.playing === state.playing)
      return;
    state = next;
    listeners.forEach((l) => l());
  };

  const buildGraph = (): Graph | null => {
    const ctx = deps.createAudioContext();
    if (!ctx) return null;
    const master = ctx.createGain();
    master.gain.setValueAtTime(0, ctx.currentTime);
    master.connect(ctx.destination);
    // A short echo send gives the marimba some air.
    const delay = ctx.createDelay(1);
    delay.delayTime.setValueAtTime(STEP_SECONDS * 3, ctx.currentTime);
    const feedback = ctx.createGain();
    feedback.gain.setValueAtTime(0.28, ctx.currentTime);
    const wet = ctx.createGain();
    wet.gain.setValueAtTime(0.22, ctx.currentTime);
    const echo = ctx.createGain();
    echo.connect(delay);
    delay.connect(feedback);
    feedback.connect(delay);
    delay.connect(wet);
    wet.connect(master);
    return { ctx, master, voices: { ctx, out: master, echo, noise: createNoiseBuffer(ctx) } };
  };

  const schedule = () => {
    if (!graph) return;
    const horizon = graph.ctx.currentTime + LOOKAHEAD_S;
    // After a stall (a busy main thread), skip ahead rather than burst old notes.
    if (nextTime < graph.ctx.currentTime - 0.2) nextTime = graph.ctx.currentTime + 0.05;
    while (nextTime < horizon) {
      playStep(graph.voices, nextStep, nextTime);
      nextTime += STEP_SECONDS;
      nextStep = (nextStep + 1) % LOOP_STEPS;
    }
  };

  const start = () => {
    if (state.muted || !state.unlocked || hidden) return;
    if (suspendTimer !== null) {
      deps.clearTimer(suspendTimer);
      suspendTimer = null;
    }
    if (!graph) graph = buildGraph();
    if (!graph) return;
    const { ctx, master } = graph;
    if (ctx.state !== "running") void ctx.resume().catch(() => {});
    const now = ctx.currentTime;
    master.gain.cancelScheduledValues(now);
    master.gain.setValueAtTime(master.gain.value, now);
    master.gain.linearRampToValueAtTime(MASTER_GAIN, now + FADE_IN_S);
    if (tick === null) {
      nextTime = now + 0.05;
      schedule();
      tick = deps.setTick(schedule, TICK_MS);
    }
    set({ playing: true });
  };

  const stop = () => {
    if (tick !== null) {
      deps.clearTick(tick);
      tick = null;
    }
    if (graph) {
      const { ctx, master } = graph;
      const now = ctx.currentTime;
      master.gain.cancelScheduledValues(now);
      master.gain.setValueAtTime(master.gain.value, now);
      master.gain.linearRampToValueAtTime(0, now + FADE_OUT_S);
      if (suspendTimer === null) {
        suspendTimer = deps.setTimer(() => {
          suspendTimer = null;
          if (!state.playing) void ctx.suspend().catch(() => {});
        }, SUSPEND_AFTER_MS);
      }
    }
    set({ playing: false });
  };

  const notifyInteraction = () => {
    if (!state.unlocked) set({ unlocked: true });
    // Idempotent: a later gesture also revives a context the browser left suspended.
    if (!state.muted && (!state.playing || graph?.ctx.state === "suspended")) start();
  };

  const setMuted = (muted: boolean) => {
    deps.saveMuted(muted);
    set({ muted });
    if (muted) stop();
    else start();
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setMuted,
    toggleMuted: () => {
      if (!state.unlocked) set({ unlocked: true });
      setMuted(!state.muted);
    },
    notifyInteraction,
    attach: (doc) => {
      const onGesture = (event: Event) => {
        const target = event.target as Element | null;
        // The mute button's own click decides; starting here would blip sound first.
        if (target && typeof target.closest === "function" && target.closest(`[${MUSIC_TOGGLE_ATTR}]`))
          return;
        notifyInteraction();
      };
      const onVisibility = () => {
        // Background tabs throttle timers below the lookahead: pause rather than stutter.
        hidden = doc.visibilityState === "hidden";
        if (hidden) {
          if (state.playing) stop();
        } else if (state.unlocked && !state.muted) start();
      };
      doc.addEventListener("pointerdown", onGesture, true);
      doc.addEventListener("keydown", onGesture, true);
      doc.addEventListener("visibilitychange", onVisibility);
      return () => {
        doc.removeEventListener("pointerdown", onGesture, true);
        doc.removeEventListener("keydown", onGesture, true);
        doc.removeEventListener("visibilitychange", onVisibility);
      };
    },
  };
}
