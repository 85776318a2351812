// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "#client/lib/storage.ts";
import {
  browserMusicDeps,
  createMusicController,
  MASTER_GAIN,
  MUSIC_TOGGLE_ATTR,
  type MusicDeps,
} from "./music-engine.ts";

// A stand-in for the Web Audio API that records what the engine asks of it.
class FakeParam {
  value = 0;
  calls: Array<[string, number, number?]> = [];
  setValueAtTime(v: number, t: number) {
    this.calls.push(["set", v, t]);
    this.value = v;
    return this;
  }
  linearRampToValueAtTime(v: number, t: number) {
    this.calls.push(["linear", v, t]);
    return this;
  }
  exponentialRampToValueAtTime(v: number, t: number) {
    this.calls.push(["exp", v, t]);
    return this;
  }
  setTargetAtTime(v: number, t: number) {
    this.calls.push(["target", v, t]);
    return this;
  }
  cancelScheduledValues(t: number) {
    this.calls.push(["cancel", 0, t]);
    return this;
  }
}

class FakeNode {
  gain = new FakeParam();
  frequency = new FakeParam();
  delayTime = new FakeParam();
  Q = new FakeParam();
  type = "";
  buffer: unknown = null;
  connect() {}
  disconnect() {}
  start() {}
  stop() {}
}

class FakeAudioContext {
  static created: FakeAudioContext[] = [];
  currentTime = 0;
  sampleRate = 8000;
  state: "suspended" | "running" | "closed" = "suspended";
  destination = new FakeNode();
  oscillators = 0;
  gains: FakeNode[] = [];
  constructor() {
    FakeAudioContext.created.push(this);
  }
  createGain() {
    const g = new FakeNode();
    this.gains.push(g);
    return g;
  }
  createOscillator() {
    this.oscillators++;
    return new FakeNode();
  }
  createBiquadFilter() {
    return new FakeNode();
  }
  createDelay() {
    return new FakeNode();
  }
  createBufferSource() {
    return new FakeNode();
  }
  createBuffer(_channels: number, length: number) {
    const data = new Float32Array(length);
    return { getChannelData: () => data };
  }
  resume = vi.fn(async () => {
    this.state = "running";
  });
  suspend = vi.fn(async () => {
    this.state = "suspended";
  });
  get master() {
    return this.gains[0]!;
  }
}

function deps(overrides: Partial<MusicDeps> = {}): MusicDeps {
  return {
    ...browserMusicDeps(),
    createAudioContext: () => new FakeAudioContext() as unknown as AudioContext,
    ...overrides,
  };
}

const lastGainTarget = (ctx: FakeAudioContext) => {
  const ramps = ctx.master.gain.calls.filter((c) => c[0] === "linear");
  return ramps.at(-1)?.[1];
};

describe("music controller", () => {
  const detachers: Array<() => void> = [];
  const attached = (music: ReturnType<typeof createMusicController>) => {
    detachers.push(music.attach(document));
    return music;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    FakeAudioContext.created = [];
  });
  afterEach(() => {
    detachers.splice(0).forEach((detach) => detach());
    vi.restoreAllMocks();
    vi.useRealTimers();
    document.body.innerHTML = "";
  });

  it("is not muted by default and makes no sound before any interaction", () => {
    const music = createMusicController(deps());
    attached(music);
    vi.advanceTimersByTime(5000);
    expect(music.getState()).toEqual({ muted: false, unlocked: false, playing: false });
    expect(FakeAudioContext.created).toHaveLength(0);
  });

  it("starts on the first pointer press, fading the master gain up to a quiet level", () => {
    const music = createMusicController(deps());
    attached(music);
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(FakeAudioContext.created).toHaveLength(1);
    const ctx = FakeAudioContext.created[0]!;
    expect(ctx.resume).toHaveBeenCalled();
    expect(lastGainTarget(ctx)).toBe(MASTER_GAIN);
    expect(MASTER_GAIN).toBeLessThanOrEqual(0.2);
    expect(music.getState()).toMatchObject({ unlocked: true, playing: true });
  });

  it("also starts on a key press, and only one context is ever made", () => {
    const music = createMusicController(deps());
    attached(music);
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Tab" }));
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "a" }));
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(FakeAudioContext.created).toHaveLength(1);
    expect(music.getState().playing).toBe(true);
  });

  it("schedules notes ahead on the audio clock and keeps looping", () => {
    const music = createMusicController(deps());
    attached(music);
    music.notifyInteraction();
    const ctx = FakeAudioContext.created[0]!;
    const first = ctx.oscillators;
    expect(first).toBeGreaterThan(0);
    // Ten seconds of audio clock: several passes through the 9.6 s loop's first bars.
    for (let i = 0; i < 400; i++) {
      ctx.currentTime += 0.025;
      vi.advanceTimersByTime(25);
    }
    expect(ctx.oscillators).toBeGreaterThan(first * 10);
  });

  it("stays silent after an interaction when the visitor muted on an earlier visit", () => {
    localStorage.setItem(STORAGE_KEYS.muted, "true");
    const music = createMusicController(deps());
    attached(music);
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(music.getState()).toEqual({ muted: true, unlocked: true, playing: false });
    expect(FakeAudioContext.created).toHaveLength(0);
  });

  it("persists the muted choice so the next visit starts muted, and unmuting persists too", () => {
    const first = createMusicController(deps());
    first.toggleMuted();
    expect(localStorage.getItem(STORAGE_KEYS.muted)).toBe("true");
    expect(createMusicController(deps()).getState().muted).toBe(true);

    const second = createMusicController(deps());
    second.toggleMuted();
    expect(localStorage.getItem(STORAGE_KEYS.muted)).toBe("false");
    expect(createMusicController(deps()).getState().muted).toBe(false);
  });

  it("mute ramps the gain to zero at once and stops scheduling; unmute resumes", () => {
    const music = createMusicController(deps());
    attached(music);
    music.notifyInteraction();
    const ctx = FakeAudioContext.created[0]!;

    music.toggleMuted();
    expect(music.getState()).toMatchObject({ muted: true, playing: false });
    const ramp = ctx.master.gain.calls.filter((c) => c[0] === "linear").at(-1)!;
    expect(ramp[1]).toBe(0);
    expect(ramp[2]! - ctx.currentTime).toBeLessThanOrEqual(0.1);
    vi.advanceTimersByTime(500);
    expect(ctx.suspend).toHaveBeenCalled();
    const silent = ctx.oscillators;
    ctx.currentTime += 2;
    vi.advanceTimersByTime(2000);
    expect(ctx.oscillators).toBe(silent);

    music.toggleMuted();
    expect(music.getState()).toMatchObject({ muted: false, playing: true });
    expect(ctx.resume).toHaveBeenCalledTimes(2);
    expect(lastGainTarget(ctx)).toBe(MASTER_GAIN);
    expect(FakeAudioContext.created).toHaveLength(1);
  });

  it("a press on the mute button itself does not start the music first", () => {
    const music = createMusicController(deps());
    attached(music);
    const button = document.createElement("button");
    button.setAttribute(MUSIC_TOGGLE_ATTR, "");
    const icon = document.createElement("span");
    button.append(icon);
    document.body.append(button);
    icon.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(FakeAudioContext.created).toHaveLength(0);
    // Its click mutes: still no sound, and the choice is remembered.
    music.toggleMuted();
    expect(FakeAudioContext.created).toHaveLength(0);
    expect(music.getState()).toEqual({ muted: true, unlocked: true, playing: false });
  });

  it("unmuting from the button is itself a gesture, so it starts the music", () => {
    localStorage.setItem(STORAGE_KEYS.muted, "true");
    const music = createMusicController(deps());
    music.toggleMuted();
    expect(FakeAudioContext.created).toHaveLength(1);
    expect(music.getState()).toEqual({ muted: false, unlocked: true, playing: true });
  });

  it("notifies subscribers on every change and stops after unsubscribe", () => {
    const music = createMusicController(deps());
    const listener = vi.fn();
    const off = music.subscribe(listener);
    music.toggleMuted();
    expect(listener).toHaveBeenCalled();
    off();
    listener.mockClear();
    music.toggleMuted();
    expect(listener).not.toHaveBeenCalled();
  });

  it("detach removes the gesture listeners", () => {
    const music = createMusicController(deps());
    const detach = music.attach(document);
    detach();
    document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }));
    expect(music.getState().unlocked).toBe(false);
  });

  it("pauses while the tab is hidden and resumes when it is shown again", () => {
    const music = createMusicController(deps());
    attached(music);
    music.notifyInteraction();
    let visibility: DocumentVisibilityState = "hidden";
    vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
    document.dispatchEvent(new Event("visibilitychange"));
    expect(music.getState().playing).toBe(false);
    visibility = "visible";
    document.dispatchEvent(new Event("visibilitychange"));
    expect(music.getState().playing).toBe(true);
  });

  it("without Web Audio support it stays quiet and does not throw", () => {
    const music = createMusicController(deps({ createAudioContext: () => null }));
    attached(music);
    expect(() => document.body.dispatchEvent(new Event("pointerdown", { bubbles: true }))).not.toThrow();
    expect(music.getState().playing).toBe(false);
  });
});
