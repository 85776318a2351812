import { SHARE_RULES, SHARE_SIZES, type ShareLayout, type ShareSize } from "#shared/share-images.ts";
import { fitText } from "./fit-text.ts";

// The two share pictures as satori element trees (plain objects, no React):
// `classic` in the site's jungle-night colours, `beach` on sky, sea and sand.
// Both come in the portrait size people share and the wide size link
// previews show. Sizes are chosen here so text fits (fit-text.ts): satori
// cannot shrink text, and clipping it would cost a mask per element.

/** Pictures are drawn at most this big; they are scaled to it once, not at every render. */
export const PICTURE_PX = 184;

/** How a drawn stand-in picture's data URI starts; the renderer rasterises it (share-render.ts). */
export const SVG_PICTURE = "data:image/svg+xml;base64,";

export interface ShareEntry {
  rank: number;
  name: string;
  /** A second line under the name (a castaway's season), or null. */
  detail: string | null;
  /**
   * A data: URI of the entry's picture, a PNG or a drawn stand-in's SVG; null
   * draws a grey box with '?'.
   */
  picture: string | null;
}

export interface ShareCard {
  title: string;
  author: string;
  /** Up to the first five entries. */
  entries: ShareEntry[];
  /** How many entries the whole list has. */
  totalEntries: number;
  layout: ShareLayout;
  size: ShareSize;
}

type Style = Record<string, string | number>;
export interface ShareNode {
  type: "div" | "img";
  props: { style: Style; children?: (ShareNode | string)[]; src?: string; width?: number; height?: number };
}

// Satori wants every element with more than one child to say display: flex.
const box = (style: Style, ...children: (ShareNode | string | null | false)[]): ShareNode => ({
  type: "div",
  props: {
    style: { display: "flex", ...style },
    children: children.filter((c): c is ShareNode | string => c !== null && c !== false),
  },
});
const img = (src: string, size: number, style: Style = {}): ShareNode => ({
  type: "img",
  props: {
    src,
    width: size,
    height: size,
    style: { width: size, height: size, objectFit: "cover", ...style },
  },
});

interface Theme {
  ink: string;
  muted: string;
  accent: string;
  rowBackground: string;
  rowBorder: string;
  rankInk: (rank: number) => string;
  badgeInk: string;
}

// Gold, silver and bronze for the podium, then the torch colour.
const PODIUM = ["#ffd36b", "#dfe6ea", "#e0a06a"];

const THEMES: Record<ShareLayout, Theme> = {
  classic: {
    ink: "#f4ecd8",
    muted: "#b9b39c",
    accent: "#f08a24",
    rowBackground: "rgba(12,26,18,0.55)",
    rowBorder: "2px solid rgba(240,138,36,0.3)",
    rankInk: (rank) => PODIUM[rank - 1] ?? "#f08a24",
    badgeInk: "#1a0f02",
  },
  beach: {
    ink: "#0b3442",
    muted: "#3d6470",
    accent: "#d9532c",
    rowBackground: "rgba(255,255,255,0.93)",
    rowBorder: "2px solid rgba(255,255,255,1)",
    rankInk: (rank) => (rank === 1 ? "#e2603a" : "#0e7f95"),
    badgeInk: "#ffffff",
  },
};

// The site's mark (public/favicon.svg): a torch flame.
const FLAME = `data:image/svg+xml;base64,${Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M32 10c4 8 12 10 18 10-6 4-9 10-9 18 0 8-4 14-9 16-5-2-9-8-9-16 0-8-3-14-9-18 6 0 14-2 18-10z" fill="#f08a24"/><path d="M32 22c2 5 5 7 8 8-3 2-4 6-4 10s-2 8-4 9c-2-1-4-5-4-9s-1-8-4-10c3-1 6-3 8-8z" fill="#ffd36b"/></svg>`,
).toString("base64")}`;

function picture(entry: ShareEntry, size: number, radius: number): ShareNode {
  if (entry.picture) return img(entry.picture, size, { borderRadius: radius });
  return box(
    {
      width: size,
      height: size,
      borderRadius: radius,
      backgroundColor: "#9e9e9e",
      alignItems: "center",
      justifyContent: "center",
      color: "#f2f2f2",
      fontSize: Math.round(size * 0.5),
      fontWeight: 800,
    },
    "?",
  );
}

function siteMark(theme: Theme, px: number): ShareNode {
  return box(
    { alignItems: "center", gap: Math.round(px * 0.4), flexShrink: 0 },
    img(FLAME, Math.round(px * 1.5)),
    box(
      { fontSize: px, fontWeight: 800, letterSpacing: px * 0.18, color: theme.accent },
      "SURVIVOR RANKINGS",
    ),
  );
}

function byline(theme: Theme, author: string, px: number, widthPx: number): ShareNode {
  const name = fitText(author, { maxPx: px, minPx: px, widthPx: widthPx - px * 1.6, lines: 1, weight: 800 });
  return box(
    { fontSize: px, color: theme.muted, flexShrink: 0, gap: Math.round(px * 0.3) },
    "by",
    box({ color: theme.accent, fontWeight: 800 }, name.text),
  );
}

function portrait(card: ShareCard, theme: Theme, title: string): ShareNode {
  const { width, height } = SHARE_SIZES.portrait;
  const pad = 72;
  const inner = width - pad * 2;
  const heading = fitText(title, {
    maxPx: 76,
    minPx: SHARE_RULES.titleMinPx,
    widthPx: inner,
    lines: 2,
    weight: 800,
  });
  // Heights add up to the picture's with a two-line title and five rows: a
  // name takes one line at 34 px or more, else two at 34 px or less, so its
  // block is never taller than the entry's picture.
  const pictureSize = 120;
  const rankWidth = 92;
  const rowPad = 20;
  const rowGap = 28;
  const nameWidth = inner - 4 - rowPad * 2 - rankWidth - pictureSize - rowGap * 2;
  const rows = card.entries.map((e) => {
    const oneLine = fitText(e.name, { maxPx: 46, minPx: 34, widthPx: nameWidth, lines: 1, weight: 800 });
    const name =
      oneLine.text === e.name
        ? oneLine
        : fitText(e.name, {
            maxPx: 34,
            minPx: SHARE_RULES.nameMinPx,
            widthPx: nameWidth,
            lines: 2,
            weight: 800,
          });
    const detail =
      e.detail && fitText(e.detail, { maxPx: 26, minPx: 26, widthPx: nameWidth, lines: 1, weight: 400 });
    return box(
      {
        alignItems: "center",
        padding: `12px ${rowPad}px`,
        borderRadius: 28,
        backgroundColor: theme.rowBackground,
        border: theme.rowBorder,
        gap: rowGap,
      },
      box(
        {
          width: rankWidth,
          justifyContent: "center",
          fontSize: e.rank === 1 ? 76 : 66,
          fontWeight: 800,
          color: theme.rankInk(e.rank),
        },
        String(e.rank),
      ),
      picture(e, pictureSize, 20),
      box(
        { flexDirection: "column", width: nameWidth, gap: 6 },
        box({ fontSize: name.px, fontWeight: 800, color: theme.ink, lineHeight: 1.12 }, name.text),
        detail ? box({ fontSize: detail.px, color: theme.muted }, detail.text) : null,
      ),
    );
  });
  const more = card.totalEntries - card.entries.length;
  return box(
    {
      width,
      height,
      boxSizing: "border-box",
      flexDirection: "column",
      padding: pad,
      fontFamily: "Inter",
      color: theme.ink,
    },
    siteMark(theme, 26),
    box(
      {
        marginTop: 30,
        fontSize: heading.px,
        fontWeight: 800,
        lineHeight: 1.08,
        color: theme.ink,
        flexShrink: 0,
      },
      heading.text,
    ),
    box({ marginTop: 16 }, byline(theme, card.author, 34, inner)),
    box({ flexDirection: "column", flexGrow: 1, justifyContent: "center", gap: 16, marginTop: 20 }, ...rows),
    box(
      { marginTop: 16, justifyContent: "flex-end", fontSize: 26, color: theme.muted, flexShrink: 0 },
      more > 0 ? `+ ${more} more on the full list` : "",
    ),
  );
}

function preview(card: ShareCard, theme: Theme, title: string): ShareNode {
  const { width, height } = SHARE_SIZES.preview;
  const pad = 52;
  const inner = width - pad * 2;
  const heading = fitText(title, {
    maxPx: 64,
    minPx: SHARE_RULES.titleMinPx,
    widthPx: inner,
    lines: 1,
    weight: 800,
  });
  const gap = 22;
  const column = Math.floor((inner - gap * 4) / 5);
  const pictureSize = 184;
  // Side by side, names read best at one size: the size the longest one needs.
  const namePx = Math.min(
    ...card.entries.map(
      (e) =>
        fitText(e.name, { maxPx: 26, minPx: SHARE_RULES.nameMinPx, widthPx: column, lines: 2, weight: 800 })
          .px,
    ),
  );
  const columns = card.entries.map((e) => {
    const name = fitText(e.name, { maxPx: namePx, minPx: namePx, widthPx: column, lines: 2, weight: 800 });
    return box(
      { flexDirection: "column", alignItems: "center", width: column, gap: 12 },
      box(
        { position: "relative", width: pictureSize, height: pictureSize },
        picture(e, pictureSize, 24),
        box(
          {
            position: "absolute",
            left: -18,
            top: -18,
            width: 50,
            height: 50,
            borderRadius: 25,
            alignItems: "center",
            justifyContent: "center",
            backgroundColor: theme.rankInk(e.rank),
            border: "3px solid rgba(255,255,255,0.9)",
            color: theme.badgeInk,
            fontSize: 26,
            fontWeight: 800,
          },
          String(e.rank),
        ),
      ),
      box(
        {
          fontSize: name.px,
          fontWeight: 800,
          color: theme.ink,
          textAlign: "center",
          lineHeight: 1.15,
          width: column,
          justifyContent: "center",
        },
        name.text,
      ),
    );
  });
  return box(
    {
      width,
      height,
      boxSizing: "border-box",
      flexDirection: "column",
      padding: `44px ${pad}px`,
      fontFamily: "Inter",
      color: theme.ink,
    },
    siteMark(theme, 22),
    box(
      {
        marginTop: 22,
        fontSize: heading.px,
        fontWeight: 800,
        lineHeight: 1.1,
        color: theme.ink,
        flexShrink: 0,
      },
      heading.text,
    ),
    box({ marginTop: 8 }, byline(theme, card.author, 28, inner)),
    box(
      { flexGrow: 1, flexDirection: "column", justifyContent: "center", paddingTop: 12 },
      box({ alignItems: "flex-start", justifyContent: "center", gap }, ...columns),
    ),
  );
}

/**
 * The list's part of a share picture as a satori element tree, on a
 * transparent ground: the backdrop (share-backdrops.ts) goes under it.
 */
export function shareLayout(card: ShareCard): ShareNode {
  const title = card.title.trim() || SHARE_RULES.untitled;
  const theme = THEMES[card.layout];
  return card.size === "portrait" ? portrait(card, theme, title) : preview(card, theme, title);
}
