/**
 * Geometry of one palm frond, drawn along the x axis from its base (0, 0) to its
 * tip (length, 0) with the rib sagging by `sag`. Leaflets grow out of both sides
 * of the rib, longest in the middle, leaning towards the tip. Pure numbers in,
 * SVG path strings out, so the overlay ships no image files.
 */
export interface FrondShape {
  rib: string;
  /** Leaflets in two interleaved sets, so they can take two shades. */
  leaflets: [string, string];
  viewBox: string;
  /** Where the frond's base sits inside its box, as fractions of width and height. */
  origin: [number, number];
}

interface FrondOptions {
  length?: number;
  sag?: number;
  count?: number;
  spread?: number;
  lean?: number;
}

type Pt = [number, number];

const fmt = (n: number) => (Math.round(n * 10) / 10).toString();

export function frondShape({
  length = 1000,
  sag = 90,
  count = 26,
  spread = 260,
  lean = 0.95,
}: FrondOptions = {}): FrondShape {
  // Quadratic rib: base, control, tip.
  const c: Pt = [length * 0.5, sag * 2];
  const tip: Pt = [length, sag * 0.6];
  const at = (t: number): Pt => [
    2 * (1 - t) * t * c[0] + t * t * tip[0],
    2 * (1 - t) * t * c[1] + t * t * tip[1],
  ];
  const tangent = (t: number): Pt => {
    const dx = 2 * (1 - t) * c[0] + 2 * t * (tip[0] - c[0]);
    const dy = 2 * (1 - t) * c[1] + 2 * t * (tip[1] - c[1]);
    const len = Math.hypot(dx, dy) || 1;
    return [dx / len, dy / len];
  };

  const parts: [string[], string[]] = [[], []];
  for (let i = 0; i < count; i++) {
    const t = 0.1 + (0.88 * i) / (count - 1);
    const [px, py] = at(t);
    const [tx, ty] = tangent(t);
    // Longest leaflets a little before the middle, tapering to the tip.
    const size = spread * Math.pow(Math.sin(Math.PI * Math.min(1, t * 1.15)), 0.7) + 18;
    for (const side of [1, -1]) {
      // Direction: between the rib's normal and its tangent (leaning to the tip),
      // drooping a little more on the lower side.
      const droop = side === 1 ? 0.35 : 0.3;
      const nx = -ty * side;
      const ny = tx * side;
      let dx = nx + tx * lean;
      let dy = ny + ty * lean + droop;
      const dl = Math.hypot(dx, dy);
      dx /= dl;
      dy /= dl;
      const len = size * (side === 1 ? 1 : 0.92);
      const ex = px + dx * len;
      const ey = py + dy * len;
      // A slim blade: widest near the base, curving slightly.
      const w = Math.max(6, len * 0.085);
      const mx = px + dx * len * 0.45;
      const my = py + dy * len * 0.45;
      const ox = -dy * w;
      const oy = dx * w;
      const base = 9;
      // Both edges bow the same way, so each blade curves like a real leaflet.
      const bow = side === 1 ? 1 : -1;
      parts[(i + (side === 1 ? 0 : 1)) % 2]!.push(
        `M${fmt(px - tx * base)} ${fmt(py - ty * base)}` +
          `Q${fmt(mx + ox * bow * 1.6)} ${fmt(my + oy * bow * 1.6)} ${fmt(ex)} ${fmt(ey)}` +
          `Q${fmt(mx + ox * bow * 0.2)} ${fmt(my + oy * bow * 0.2)} ${fmt(px + tx * base)} ${fmt(py + ty * base)}Z`,
      );
    }
  }

  const rib = `M0 0Q${fmt(c[0])} ${fmt(c[1])} ${fmt(tip[0])} ${fmt(tip[1])}`;
  const pad = spread + 40;
  const width = length + 40;
  const height = pad * 2 + sag * 2;
  return {
    rib,
    leaflets: [parts[0].join(""), parts[1].join("")],
    viewBox: `-20 ${-pad} ${width} ${height}`,
    origin: [20 / width, pad / height],
  };
}
