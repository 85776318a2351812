import type { ShareLayout } from "#shared/share-images.ts";

// The scenery behind a share picture, as plain SVG: it is the same for every
// list, so it is drawn once per layout and size and the list's own picture
// is laid over it. Only shapes and gradients of our own; no text, no images.

/** One leaf: a pointed oval along the x axis, `length` long, with its midrib. */
function leaf(x: number, y: number, length: number, angle: number, fill: string, opacity: number): string {
  const w = length * 0.22;
  return `<g transform="translate(${x} ${y}) rotate(${angle})" opacity="${opacity}"><path d="M0 0 C ${length * 0.25} ${-w}, ${length * 0.7} ${-w}, ${length} 0 C ${length * 0.7} ${w}, ${length * 0.25} ${w}, 0 0 Z" fill="${fill}"/><path d="M0 0 L ${length * 0.92} 0" stroke="rgba(0,0,0,0.25)" stroke-width="${Math.max(2, length * 0.012)}"/></g>`;
}

/** A spray of leaves fanning out from one point, like a plant reaching in from the edge. */
function spray(
  x: number,
  y: number,
  length: number,
  from: number,
  to: number,
  count: number,
  fill: string,
): string {
  const leaves: string[] = [];
  for (let i = 0; i < count; i++) {
    const angle = from + ((to - from) * i) / Math.max(1, count - 1);
    const l = length * (0.75 + 0.25 * Math.sin(i * 1.7 + 0.5));
    leaves.push(leaf(x, y, l, angle, fill, 0.9));
  }
  return leaves.join("");
}

function classic(width: number, height: number): string {
  const s = Math.min(width, height);
  return [
    `<defs>`,
    `<radialGradient id="ground" cx="0.5" cy="0" r="1.15"><stop offset="0" stop-color="#2f6b45"/><stop offset="0.45" stop-color="#16301f"/><stop offset="1" stop-color="#0a160f"/></radialGradient>`,
    `<radialGradient id="torch" cx="0.92" cy="0.04" r="0.55"><stop offset="0" stop-color="#ffb347" stop-opacity="0.55"/><stop offset="0.35" stop-color="#f08a24" stop-opacity="0.18"/><stop offset="1" stop-color="#f08a24" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.4"/></linearGradient>`,
    `</defs>`,
    `<rect width="${width}" height="${height}" fill="url(#ground)"/>`,
    // Jungle leaves reaching in from the corners, dark on dark.
    spray(-s * 0.04, height + s * 0.02, s * 0.5, -80, -10, 6, "#1f4a2e"),
    spray(width + s * 0.03, height * 0.55, s * 0.36, 190, 250, 4, "#173823"),
    spray(-s * 0.02, height * 0.18, s * 0.3, -30, 40, 3, "#1b3f28"),
    `<rect width="${width}" height="${height}" fill="url(#torch)"/>`,
    `<rect width="${width}" height="${height}" fill="url(#floor)"/>`,
  ].join("");
}

/** A wavy line across the picture at `y`, closed downwards to the bottom edge. */
function wave(
  width: number,
  height: number,
  y: number,
  amplitude: number,
  waves: number,
  fill: string,
): string {
  const step = width / waves;
  let d = `M0 ${y}`;
  for (let i = 0; i < waves; i++) {
    const x0 = i * step;
    d += ` C ${x0 + step * 0.3} ${y - amplitude}, ${x0 + step * 0.7} ${y + amplitude}, ${x0 + step} ${y}`;
  }
  return `<path d="${d} L ${width} ${height} L 0 ${height} Z" fill="${fill}"/>`;
}

/** A palm frond: a leaf along a spine that rises, then droops. */
function frond(length: number, angle: number, mirror: boolean, fill: string): string {
  const w = length * 0.16;
  const [cx, cy, ex, ey] = [length * 0.5, -length * 0.28, length, length * 0.22];
  const d = `M0 0 Q ${cx} ${cy - w} ${ex} ${ey} Q ${cx} ${cy + w * 0.4} 0 0 Z`;
  return `<g transform="${mirror ? "scale(-1 1) " : ""}rotate(${angle})"><path d="${d}" fill="${fill}"/></g>`;
}

function palm(x: number, y: number, size: number, fill: string): string {
  const top = { x: x - size * 0.22, y: y - size };
  const trunk = `<path d="M ${x} ${y} Q ${x - size * 0.02} ${y - size * 0.6} ${top.x} ${top.y}" stroke="${fill}" stroke-width="${size * 0.05}" fill="none" stroke-linecap="round"/>`;
  const fronds = [
    ...[-35, -5, 25, 55].map((a) => frond(size * 0.55, a, false, fill)),
    ...[-30, 0, 30].map((a) => frond(size * 0.5, a, true, fill)),
  ].join("");
  return `${trunk}<g transform="translate(${top.x} ${top.y})">${fronds}</g>`;
}

function beach(width: number, height: number): string {
  const horizon = height * (height > width ? 0.3 : 0.42);
  const shore = horizon + height * 0.11;
  return [
    `<defs>`,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4fb9e6"/><stop offset="1" stop-color="#c9eef8"/></linearGradient>`,
    `<radialGradient id="sun" cx="0.86" cy="0.1" r="0.3"><stop offset="0" stop-color="#fffbe6"/><stop offset="0.18" stop-color="#ffe58a"/><stop offset="0.3" stop-color="#ffe58a" stop-opacity="0.5"/><stop offset="1" stop-color="#ffe58a" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0e7f95"/><stop offset="1" stop-color="#2cc4c4"/></linearGradient>`,
    `<linearGradient id="sand" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7e8c2"/><stop offset="0.5" stop-color="#f0d79f"/><stop offset="1" stop-color="#e3bd7a"/></linearGradient>`,
    `</defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    `<rect width="${width}" height="${height}" fill="url(#sun)"/>`,
    `<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#sea)"/>`,
    wave(width, height, horizon + height * 0.04, height * 0.006, 7, "rgba(255,255,255,0.18)"),
    wave(width, height, shore - height * 0.012, height * 0.012, 4, "rgba(255,255,255,0.85)"),
    wave(width, height, shore, height * 0.012, 4, "url(#sand)"),
    palm(width * 0.99, shore + height * 0.03, Math.min(width, height) * 0.42, "rgba(11,52,66,0.22)"),
  ].join("");
}

/** The backdrop of a layout at a size, as a whole SVG document. */
export function backdropSvg(layout: ShareLayout, width: number, height: number): string {
  const body = layout === "classic" ? classic(width, height) : beach(width, height);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}
