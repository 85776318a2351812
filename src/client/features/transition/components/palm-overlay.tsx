import { type CSSProperties, memo } from "react";
import { TIMERS_MS } from "#shared/limits.ts";
import { frondShape } from "../frond-geometry.ts";
import type { PalmPhase } from "../palm-timeline.ts";

const FROND = frondShape();

// Three shades, so overlapping fronds read as depth rather than one green mass.
const TONES = [
  { light: "#3a9a55", dark: "#2a7741", rib: "#8fc46a" },
  { light: "#2d8647", dark: "#1f6535", rib: "#7fb45e" },
  { light: "#226e3a", dark: "#17552b", rib: "#6c9f52" },
] as const;

interface FrondPlacement {
  top: number; // % of the viewport height where the base sits
  x: number; // vw from the outer edge (negative: the crown is off screen)
  rot: number; // resting angle, degrees
  len: number; // relative length
  tone: 0 | 1 | 2;
  flip?: boolean; // leaflets droop the other way
}

/** A palm crown: fronds fanning out from one point at the edge of the screen. */
function crown(top: number, x: number, angles: number[], lens: number[], shift = 0): FrondPlacement[] {
  return angles.map((rot, i) => ({
    top,
    x,
    rot,
    len: lens[i % lens.length]!,
    tone: ((i + shift) % 3) as 0 | 1 | 2,
    flip: rot < -20,
  }));
}

// Two crowns a side, offset between the sides so their fronds interleave over
// the seam; together they cover the screen in portrait and landscape.
const LEFT: FrondPlacement[] = [
  ...crown(14, -4, [-64, -40, -16, 8, 32, 56], [0.8, 0.98, 1.12, 1.08, 0.96, 0.82]),
  ...crown(80, -6, [-58, -32, -8, 16, 40, 64], [0.86, 1.04, 1.14, 1.02, 0.92, 0.8], 1),
];

const RIGHT: FrondPlacement[] = [
  ...crown(-4, -5, [-20, 4, 28, 52, 74], [1.05, 1.12, 1.02, 0.92, 0.84], 2),
  ...crown(54, -3, [-66, -42, -18, 6, 30, 54], [0.82, 0.98, 1.1, 1.14, 0.98, 0.86], 1),
  ...crown(108, -6, [-70, -48, -26], [0.88, 1, 1.06]),
];

const Frond = memo(function Frond({ p, index }: { p: FrondPlacement; index: number }) {
  const tone = TONES[p.tone];
  const style = {
    "--top": `${p.top}%`,
    "--x": `${p.x}vw`,
    "--rot": `${p.rot}deg`,
    "--len": p.len,
    "--flip": p.flip ? -1 : 1,
    "--stagger": `${index * 22}ms`,
    "--ox": `${FROND.origin[0] * 100}%`,
    "--oy": `${FROND.origin[1] * 100}%`,
  } as CSSProperties;
  return (
    <svg className="palm-frond" viewBox={FROND.viewBox} style={style} focusable="false">
      <path d={FROND.leaflets[1]} fill={tone.dark} />
      <path d={FROND.leaflets[0]} fill={tone.light} />
      <path d={FROND.rib} fill="none" stroke={tone.rib} strokeWidth={8} strokeLinecap="round" />
    </svg>
  );
});

/**
 * One side of the overlay is two layers that move together: the dark thicket
 * behind, the fronds in front. Both sides' thickets are drawn before either
 * side's fronds, so no thicket ever hides the other side's overhanging fronds.
 */
function Layer({ side, kind }: { side: "left" | "right"; kind: "thicket" | "fronds" }) {
  const fronds = side === "left" ? LEFT : RIGHT;
  return (
    <div className={`palm-side palm-side-${side} palm-${kind}-layer`}>
      <div className="palm-mirror">
        {kind === "thicket" ? (
          <div className="palm-thicket" />
        ) : (
          fronds.map((p, i) => <Frond key={i} p={p} index={i} />)
        )}
      </div>
    </div>
  );
}

/**
 * Two walls of palm fronds that sweep in from the sides until they meet, then
 * part again. Purely decorative: hidden from assistive technology, and it only
 * catches pointer input while it is on screen (so nothing is clicked mid-swap).
 */
export function PalmOverlay({ phase }: { phase: PalmPhase }) {
  const style = {
    "--palm-close": `${TIMERS_MS.transitionClose}ms`,
    "--palm-open": `${TIMERS_MS.transitionOpen}ms`,
  } as CSSProperties;
  return (
    <div
      className="palm-overlay"
      data-phase={phase}
      data-testid="palm-transition"
      aria-hidden="true"
      style={style}
    >
      {phase !== "idle" && (
        <>
          <Layer side="left" kind="thicket" />
          <Layer side="right" kind="thicket" />
          <Layer side="left" kind="fronds" />
          <Layer side="right" kind="fronds" />
        </>
      )}
    </div>
  );
}
