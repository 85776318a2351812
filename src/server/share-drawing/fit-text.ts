// Text shrinks to fit its box (docs/product.md, Sharing pictures). Satori lays text out but
// cannot shrink it, so the size is chosen beforehand from an estimate of the
// text's width in Inter: widths per character class, in em, close to the
// font's advance widths and rounded up, so an estimate errs wide.

const NARROW = new Set([..."iljI!|.,:;'`()[]{}"]);
const SLIM = new Set([...'frt-/"*']);
const WIDE = new Set([..."mwMW@%&"]);

/** The estimated width of `text` in em at Inter's weight 400 or 800. */
export function textWidthEm(text: string, weight: 400 | 800): number {
  let em = 0;
  for (const ch of text) {
    if (ch === " ") em += 0.28;
    else if (NARROW.has(ch)) em += 0.3;
    else if (SLIM.has(ch)) em += 0.4;
    else if (WIDE.has(ch)) em += 0.92;
    else if (ch >= "0" && ch <= "9") em += 0.63;
    else if (ch !== ch.toLowerCase()) em += 0.72;
    else em += 0.58;
  }
  return weight === 800 ? em * 1.1 : em;
}

export interface FitBox {
  /** The size it has when there is room. */
  maxPx: number;
  /** The product's floor: text still too long at this size is cut with an ellipsis. */
  minPx: number;
  widthPx: number;
  lines: number;
  weight: 400 | 800;
}

// Words wrap at spaces, so lines after the first are never quite full.
const usableWidth = (box: FitBox) => (box.lines === 1 ? box.widthPx : box.widthPx * box.lines * 0.85);

function fits(text: string, px: number, box: FitBox): boolean {
  const longestWord = Math.max(0, ...text.split(/\s+/).map((w) => textWidthEm(w, box.weight)));
  // A word is never broken, so the longest one must fit on a line of its own.
  return textWidthEm(text, box.weight) * px <= usableWidth(box) && longestWord * px <= box.widthPx;
}

/**
 * The largest whole font size (from max down to min) at which `text` fits the
 * box, and the text itself, cut with '…' if it does not fit even at the minimum.
 */
export function fitText(text: string, box: FitBox): { px: number; text: string } {
  for (let px = box.maxPx; px >= box.minPx; px--) if (fits(text, px, box)) return { px, text };
  const chars = [...text];
  while (chars.length > 1 && !fits(`${chars.join("").trimEnd()}…`, box.minPx, box)) chars.pop();
  return { px: box.minPx, text: `${chars.join("").trimEnd()}…` };
}
