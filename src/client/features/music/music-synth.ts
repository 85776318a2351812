/**
 * An original jungle-night loop, synthesised: a marimba-like pentatonic melody,
 * a soft sine bass, and a hand-drum and shaker groove. 100 bpm, 4 bars of 16th
 * notes (64 steps). Every note is scheduled ahead on the AudioContext clock by
 * the engine's lookahead timer, so the loop is seamless. No samples, no files.
 */

export const BPM = 100;
export const STEPS_PER_BEAT = 4;
export const STEP_SECONDS = 60 / BPM / STEPS_PER_BEAT;
export const LOOP_STEPS = 64;

const midiHz = (n: number) => 440 * Math.pow(2, (n - 69) / 12);

// D minor pentatonic (D F G A C). [step, midi note, velocity 0..1]
// prettier-ignore
const MELODY: Array<[number, number, number]> = [
  // bar 1
  [0, 69, 0.9], [3, 72, 0.6], [6, 69, 0.7], [8, 67, 0.8], [10, 65, 0.6], [12, 62, 0.75], [14, 65, 0.55],
  // bar 2
  [16, 67, 0.9], [19, 69, 0.6], [22, 72, 0.7], [24, 74, 0.85], [27, 72, 0.55], [30, 69, 0.6],
  // bar 3
  [32, 69, 0.9], [35, 72, 0.6], [38, 74, 0.7], [40, 77, 0.85], [42, 74, 0.6], [44, 72, 0.7], [46, 69, 0.55],
  // bar 4
  [48, 67, 0.85], [50, 69, 0.6], [52, 67, 0.65], [54, 65, 0.6], [56, 62, 0.8], [60, 60, 0.55], [62, 62, 0.6],
];

// A sparse answering voice below the tune, for warmth.
// prettier-ignore
const COUNTER: Array<[number, number, number]> = [
  [4, 57, 0.45], [20, 60, 0.45], [36, 62, 0.45], [52, 57, 0.45],
];

// Bass roots per bar: D, C, Bb, A (a descending line under the pentatonic tune).
const BASS_ROOTS = [38, 36, 34, 33];
const BASS_STEPS = [0, 7, 10];

// One bar of hand drums, repeated: low tom, high tom, shaker accents.
const LOW_TOM = [0, 6, 10];
const HIGH_TOM = [3, 12, 14];

export interface Voices {
  ctx: BaseAudioContext;
  out: AudioNode;
  /** Feeds the echo send; the marimba sits in a little space. */
  echo: AudioNode;
  noise: AudioBuffer;
}

export function createNoiseBuffer(ctx: BaseAudioContext): AudioBuffer {
  const length = Math.floor(ctx.sampleRate * 0.5);
  const buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = buffer.getChannelData(0);
  // A fixed pseudo-random sequence: the shaker sounds the same on every visit.
  let seed = 12345;
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = (seed / 0x7fffffff) * 2 - 1;
  }
  return buffer;
}

function envelope(ctx: BaseAudioContext, dest: AudioNode, t: number, peak: number, decay: number): GainNode {
  const g = ctx.createGain();
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(peak, t + 0.006);
  g.gain.exponentialRampToValueAtTime(0.0001, t + decay);
  g.connect(dest);
  return g;
}

function tone(
  v: Voices,
  type: OscillatorType,
  hz: number,
  t: number,
  peak: number,
  decay: number,
  echo = false,
) {
  const osc = v.ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(hz, t);
  const g = envelope(v.ctx, v.out, t, peak, decay);
  if (echo) g.connect(v.echo);
  osc.connect(g);
  osc.start(t);
  osc.stop(t + decay + 0.05);
}

/** A struck wooden bar: a sine fundamental plus a short, bright 4th partial. */
function marimba(v: Voices, note: number, t: number, vel: number) {
  const hz = midiHz(note);
  tone(v, "sine", hz, t, 0.5 * vel, 0.9, true);
  tone(v, "sine", hz * 4, t, 0.12 * vel, 0.12, true);
  tone(v, "triangle", hz * 2, t, 0.06 * vel, 0.25);
}

function bass(v: Voices, note: number, t: number) {
  tone(v, "sine", midiHz(note), t, 0.45, 0.7);
}

/** A hand drum: a sine whose pitch falls quickly, like a skin settling. */
function drum(v: Voices, t: number, from: number, to: number, peak: number) {
  const osc = v.ctx.createOscillator();
  osc.type = "sine";
  osc.frequency.setValueAtTime(from, t);
  osc.frequency.exponentialRampToValueAtTime(to, t + 0.18);
  const g = envelope(v.ctx, v.out, t, peak, 0.35);
  osc.connect(g);
  osc.start(t);
  osc.stop(t + 0.4);
}

function shaker(v: Voices, t: number, peak: number) {
  const src = v.ctx.createBufferSource();
  src.buffer = v.noise;
  const hp = v.ctx.createBiquadFilter();
  hp.type = "highpass";
  hp.frequency.setValueAtTime(6000, t);
  const g = envelope(v.ctx, v.out, t, peak, 0.07);
  src.connect(hp);
  hp.connect(g);
  src.start(t, (t * 7.3) % 0.4);
  src.stop(t + 0.09);
}

/** Schedules everything that sounds on `step` (0..63) at time `t`. */
export function playStep(v: Voices, step: number, t: number): void {
  const inBar = step % 16;
  const bar = Math.floor(step / 16);
  for (const [s, note, vel] of MELODY) if (s === step) marimba(v, note, t, vel);
  for (const [s, note, vel] of COUNTER) if (s === step) marimba(v, note, t, vel);
  if (BASS_STEPS.includes(inBar)) bass(v, BASS_ROOTS[bar]!, t);
  if (LOW_TOM.includes(inBar)) drum(v, t, 110, 62, inBar === 0 ? 0.9 : 0.6);
  if (HIGH_TOM.includes(inBar)) drum(v, t, 220, 140, 0.35);
  if (inBar % 2 === 0) shaker(v, t, inBar % 4 === 2 ? 0.22 : 0.1);
}
