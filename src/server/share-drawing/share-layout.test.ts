import { describe, expect, it } from "vitest";
import { SHARE_LAYOUTS, SHARE_RULES, type ShareSize } from "#shared/share-images.ts";
import { fitText, textWidthEm } from "./fit-text.ts";
import { type ShareCard, type ShareEntry, type ShareNode, shareLayout } from "./share-layout.ts";

const PICTURE = "data:image/png;base64,AAAA";
const entry = (rank: number, name: string, picture: string | null = PICTURE): ShareEntry => ({
  rank,
  name,
  detail: "Survivor: Borneo",
  picture,
});
const card = (over: Partial<ShareCard> = {}): ShareCard => ({
  title: "Best villains",
  author: "Ann",
  entries: [entry(1, "Richard Hatch"), entry(2, "Parvati Shallow")],
  totalEntries: 2,
  layout: "classic",
  size: "portrait",
  ...over,
});

/** Every node of the tree, with the text directly inside it. */
function nodes(root: ShareNode): { node: ShareNode; text: string }[] {
  const out: { node: ShareNode; text: string }[] = [];
  const walk = (n: ShareNode) => {
    const children = n.props.children ?? [];
    out.push({ node: n, text: children.filter((c) => typeof c === "string").join("") });
    for (const c of children) if (typeof c !== "string") walk(c);
  };
  walk(root);
  return out;
}
const withText = (root: ShareNode, text: string) => nodes(root).filter((n) => n.text === text);
const fontSizeOf = (root: ShareNode, text: string) => withText(root, text)[0]?.node.props.style.fontSize;

const every = SHARE_LAYOUTS.flatMap((layout) =>
  (["portrait", "preview"] as ShareSize[]).map((size) => ({ layout, size })),
);

describe("shareLayout", () => {
  it.each(every)("falls back to 'Untitled List' for a blank title ($layout, $size)", ({ layout, size }) => {
    for (const title of ["", "   "]) {
      const tree = shareLayout(card({ title, layout, size }));
      expect(withText(tree, SHARE_RULES.untitled)).toHaveLength(1);
    }
    expect(withText(shareLayout(card({ layout, size })), SHARE_RULES.untitled)).toHaveLength(0);
  });

  it.each(every)("draws a missing picture as a grey box with '?' ($layout, $size)", ({ layout, size }) => {
    const tree = shareLayout(
      card({ layout, size, entries: [entry(1, "Richard Hatch", null), entry(2, "Tony")] }),
    );
    const [mark] = withText(tree, "?");
    expect(mark?.node.props.style.backgroundColor).toBe("#9e9e9e");
    const images = nodes(tree).filter((n) => n.node.type === "img" && n.node.props.src === PICTURE);
    expect(images).toHaveLength(1);
  });

  it.each(every)("shows each entry's rank, name and the author ($layout, $size)", ({ layout, size }) => {
    const tree = shareLayout(card({ layout, size }));
    for (const text of ["1", "2", "Richard Hatch", "Parvati Shallow", "Ann", "SURVIVOR RANKINGS"]) {
      expect(withText(tree, text).length, text).toBeGreaterThan(0);
    }
  });

  it.each(every)("shrinks a long title, never below 20 px ($layout, $size)", ({ layout, size }) => {
    const short = fontSizeOf(shareLayout(card({ layout, size, title: "Best" })), "Best") as number;
    const longTitle = "The absolutely definitive ranking of every single villain";
    const long = fontSizeOf(shareLayout(card({ layout, size, title: longTitle })), longTitle) as number;
    expect(long).toBeLessThan(short);
    expect(long).toBeGreaterThanOrEqual(SHARE_RULES.titleMinPx);

    const endless = "W".repeat(300);
    const tree = shareLayout(card({ layout, size, title: endless }));
    const cut = nodes(tree).find((n) => n.text.startsWith("WWW"));
    expect(cut?.node.props.style.fontSize).toBe(SHARE_RULES.titleMinPx);
    expect(cut?.text.endsWith("…")).toBe(true);
  });

  it.each(every)("shrinks a long name, never below 10 px ($layout, $size)", ({ layout, size }) => {
    const longName = "Wwwwwwwwwwwwwwwwwwwwwwww Mmmmmmmmmmmmmmmmmmmmmmmmmmmm Wwwwwwwwwwwwwwwwwwwwwwwww";
    const tree = shareLayout(card({ layout, size, entries: [entry(1, "Jo"), entry(2, longName)] }));
    // In the narrow columns of the preview it is cut as well.
    const long = nodes(tree).find((n) => n.text.startsWith("Wwww"))?.node.props.style.fontSize as number;
    expect(long).toBeGreaterThanOrEqual(SHARE_RULES.nameMinPx);
    expect(long).toBeLessThan(
      fontSizeOf(shareLayout(card({ layout, size, entries: [entry(1, "Jo")] })), "Jo") as number,
    );
  });
});

describe("fitText", () => {
  const box = { maxPx: 80, minPx: 20, widthPx: 900, lines: 2, weight: 800 as const };

  it("keeps short text at the largest size", () => {
    expect(fitText("Heroes", box)).toEqual({ px: 80, text: "Heroes" });
  });

  it("picks the largest size at which the text fits its lines", () => {
    const text = "An extremely long title about every blindside in the history of the game";
    const { px } = fitText(text, box);
    expect(px).toBeLessThan(80);
    expect(px).toBeGreaterThanOrEqual(20);
    expect(textWidthEm(text, 800) * px).toBeLessThanOrEqual(box.widthPx * box.lines);
  });

  it("fits the longest word on one line", () => {
    const { px } = fitText("Supercalifragilisticexpialidocious", { ...box, lines: 3 });
    expect(textWidthEm("Supercalifragilisticexpialidocious", 800) * px).toBeLessThanOrEqual(box.widthPx);
  });

  it("cuts text that does not fit even at the minimum, with an ellipsis", () => {
    const fitted = fitText("word ".repeat(200).trim(), box);
    expect(fitted.px).toBe(20);
    expect(fitted.text.endsWith("…")).toBe(true);
    expect(textWidthEm(fitted.text, 800) * 20).toBeLessThanOrEqual(box.widthPx * box.lines);
  });
});
