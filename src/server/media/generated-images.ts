// Images drawn when the operator has no file, so no image is ever broken:
// initials for a castaway, the number for a season, a silhouette otherwise.
// Plain SVG text with no script, no external reference and every piece of
// text escaped; served with a CSP that forbids anything active anyway.

const SIZE = 256;
const FONT = "'Trebuchet MS', 'Segoe UI', 'Helvetica Neue', Arial, sans-serif";
const INK = "#fff4dc";

/**
 * Mid-dark jungle and torchlight tones: each carries the cream text at a
 * contrast of 3.5:1 or more (large text), and sits well on the dark theme.
 */
export const PALETTE = [
  "#2f5d3a", // jungle green
  "#1f5f5b", // deep teal
  "#4a5d23", // moss
  "#a0541b", // torch amber
  "#9a4020", // burnt orange
  "#8c3b2e", // terracotta
  "#7d611c", // ochre
  "#5b2e4f", // plum
  "#2e4a62", // dusk blue
  "#5f6b22", // bamboo
  "#6e2f1f", // mahogany
  "#1d6670", // lagoon
] as const;

const NAME_SUFFIXES = new Set(["jr", "jr.", "sr", "sr.", "ii", "iii", "iv"]);

/** FNV-1a: a stable, well-spread 32-bit hash, so an id always gets the same colour. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function colourFor(id: string): string {
  return PALETTE[hash32(id) % PALETTE.length]!;
}

/** Text safe inside an XML element or a double- or single-quoted attribute. */
export function escapeXml(text: string): string {
  return (
    text
      // Characters XML 1.0 does not allow at all, and lone surrogates.
      .replace(
        /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
        "",
      )
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/** 'Richard Hatch' -> 'RH'; 'James Thomas Jr.' -> 'JT'; 'B.B. Andersen' -> 'BA'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  while (words.length > 1 && NAME_SUFFIXES.has(words[words.length - 1]!.toLowerCase())) words.pop();
  const letter = (w: string | undefined) => (w ? (w.match(/[\p{L}\p{N}]/u)?.[0] ?? "") : "");
  const first = letter(words[0]);
  const last = words.length > 1 ? letter(words[words.length - 1]) : "";
  const initials = (first + last).toUpperCase();
  return initials === "" ? "?" : initials;
}

/** A season's name as shown on a card: 'Survivor: Borneo' -> 'Borneo', 'Survivor 41' -> '41'. */
export function shortSeasonName(name: string): string {
  return name
    .replace(/^Survivor:\s*/i, "")
    .replace(/^Survivor\s+/i, "")
    .trim();
}

/** Mixes a #rrggbb colour toward white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    return Math.round(c + (target - c) * a)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

function frame(label: string, base: string, content: string): string {
  const title = escapeXml(label);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    // Torchlight from above: lighter at the top, falling to a darker edge.
    `<defs><radialGradient id="bg" cx="50%" cy="28%" r="85%">`,
    `<stop offset="0" stop-color="${shade(base, 0.18)}"/><stop offset="1" stop-color="${shade(base, -0.35)}"/>`,
    `</radialGradient></defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    content,
    `</svg>`,
  ].join("");
}

function text(content: string, x: number, y: number, size: number, extra = ""): string {
  return `<text x="${x}" y="${y}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="700" fill="${INK}"${extra}>${escapeXml(content)}</text>`;
}

/** A castaway's headshot stand-in: initials on a colour chosen by the appearance id. */
export function headshotSvg(appearanceId: string, name: string): string {
  const initials = initialsOf(name);
  const size = initials.length > 1 ? 104 : 128;
  return frame(
    name,
    colourFor(appearanceId),
    text(initials, 128, 128, size, ` dy="0.35em" letter-spacing="2"`),
  );
}

/** Splits a season's short name into at most two balanced lines. */
function wrap(words: string[], maxLine: number): string[] {
  const joined = words.join(" ");
  if (joined.length <= maxLine || words.length < 2) return [joined];
  let best: [string, string] = [joined, ""];
  let bestWidth = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(" ");
    const b = words.slice(i).join(" ");
    const width = Math.max(a.length, b.length);
    if (width < bestWidth) {
      best = [a, b];
      bestWidth = width;
    }
  }
  return best;
}

/** A season logo stand-in: the number, big, with the season's short name beneath. */
export function seasonSvg(seasonId: string, number: number, name: string | null): string {
  const digits = String(number);
  const subtitle = name ? shortSeasonName(name) : "";
  const lines = subtitle && subtitle !== digits ? wrap(subtitle.split(/\s+/), 16) : [];
  const numberSize = (digits.length > 2 ? 92 : 120) - (lines.length > 1 ? 18 : 0);
  const longest = Math.max(0, ...lines.map((l) => l.length));
  // About 0.6em per character in a bold sans; keep 16px of margin each side.
  const subSize = Math.max(12, Math.min(26, Math.floor((SIZE - 32) / (longest * 0.6 || 1))));
  // Baselines: the number sits in the middle band, the name in the bottom one.
  const numberBaseline = lines.length === 0 ? 192 : lines.length === 1 ? 168 : 160;
  const firstLine = lines.length === 1 ? 212 : 198;
  const parts = [
    `<rect x="8" y="8" width="${SIZE - 16}" height="${SIZE - 16}" rx="18" fill="none" stroke="${INK}" stroke-opacity="0.35" stroke-width="3"/>`,
    text("SURVIVOR", 128, 52, 22, ` letter-spacing="6" fill-opacity="0.85"`),
    text(digits, 128, numberBaseline, numberSize),
    ...lines.map((line, i) =>
      text(line, 128, firstLine + i * (subSize + 4), subSize, ` fill-opacity="0.92"`),
    ),
  ];
  const label = name ?? `Season ${digits}`;
  return frame(label, colourFor(seasonId), parts.join(""));
}

/** Neutral silhouette for a missing profile picture; on a colour of its own for an unknown castaway. */
export function placeholderSvg(label = "No picture", base = "#3b423c"): string {
  const figure = shade(base, 0.45);
  const content = [
    `<circle cx="128" cy="100" r="46" fill="${figure}"/>`,
    `<path d="M40 256 C40 186 82 158 128 158 C174 158 216 186 216 256 Z" fill="${figure}"/>`,
  ].join("");
  return frame(label, base, content);
}
