/**
 * What characters names and texts may hold (docs/security.md, "Characters in
 * names and texts"). One rule for the server's validators and the client's
 * forms, in two kinds:
 *
 * - "line": usernames and list names. One line: no tab, no line break.
 *   Every kind of space counts as one plain space, and runs of them as one.
 * - "text": comments and list descriptions. Line breaks (stored as "\n") and
 *   tabs are text; other spacing is kept as typed.
 *
 * Both: lines ends made "\n"; invisible characters (zero-width spaces and
 * joiners, bidirectional controls, the byte-order mark, fillers, variation
 * selectors, tags: Unicode's default-ignorable code points) removed, except
 * where they are part of what is drawn (see keepsInvisible); NFC; trimmed.
 * A text that is empty after this is empty. Control characters (C0, DEL, C1)
 * left after this refuse the text: they are not silently dropped, so what is
 * stored is what the writer sees.
 */
export type TextKind = "line" | "text";

const LINE_ENDS = /\r\n?|[\u0085\u2028\u2029]/g;

/**
 * An emoji flag of a region (England, Scotland, Wales) spelled with tag
 * characters, kept whole; or one default-ignorable code point.
 */
const INVISIBLE = /(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|\p{Default_Ignorable_Code_Point}/gu;

/** Every space but the tab and line ends, and the braille blank, which draws nothing either. */
const SPACES = /[\p{Zs}\u2800]+/gu;
const LINE_CONTROLS = /[\u0000-\u001F\u007F-\u009F]/;
const TEXT_CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
/** Skin tones and the emoji variation selector: an emoji sequence goes on after them. */
const EMOJI_MODIFIER = /^[\u{1F3FB}-\u{1F3FF}\uFE0F]$/u;
const NON_ASCII_LETTER = /^[\p{L}\p{M}]$/u;
const KEYCAP_BASE = /^[#*0-9]$/;

function codePointBefore(s: string, end: number): string {
  const cp = end > 0 ? s.codePointAt(end - 1) : undefined;
  if (cp === undefined) return "";
  // A low surrogate: the character is the pair ending here.
  if (cp >= 0xdc00 && cp <= 0xdfff && end > 1) return String.fromCodePoint(s.codePointAt(end - 2)!);
  return String.fromCodePoint(cp);
}

function codePointAt(s: string, start: number): string {
  const cp = s.codePointAt(start);
  return cp === undefined ? "" : String.fromCodePoint(cp);
}

/**
 * Invisible characters that are part of what is drawn, so removing them
 * would change the text: the zero-width joiner inside an emoji sequence
 * (👩‍💻 is one picture, 👩💻 two); the emoji variation selector after a
 * pictograph or keycap base (❤️, 1️⃣); and, in free text only, the zero-width
 * joiner and non-joiner between two letters outside ASCII, which Persian or
 * Hindi use to choose letter forms. In names they go: there they would let
 * two names look alike and still differ.
 */
function keepsInvisible(ch: string, before: string, after: string, kind: TextKind): boolean {
  if (ch === "\u200D" && (PICTOGRAPH.test(before) || EMOJI_MODIFIER.test(before)) && PICTOGRAPH.test(after)) {
    return true;
  }
  if (ch === "\uFE0F" || ch === "\uFE0E") {
    return PICTOGRAPH.test(before) || (KEYCAP_BASE.test(before) && after === "\u20E3");
  }
  if (kind === "text" && (ch === "\u200C" || ch === "\u200D")) {
    return isNonAsciiLetter(before) && isNonAsciiLetter(after);
  }
  return false;
}

const isNonAsciiLetter = (ch: string) => ch.codePointAt(0)! > 0x7f && NON_ASCII_LETTER.test(ch);

function removeInvisibles(s: string, kind: TextKind): string {
  return s.replace(INVISIBLE, (match: string, flag: string | undefined, offset: number) => {
    if (flag) return flag;
    return keepsInvisible(match, codePointBefore(s, offset), codePointAt(s, offset + match.length), kind)
      ? match
      : "";
  });
}

/** The text as it is stored and compared; see TextKind. Never refuses: controls are for findControl. */
export function cleanText(raw: string, kind: TextKind): string {
  let s = removeInvisibles(raw.replace(LINE_ENDS, "\n"), kind).normalize("NFC");
  if (kind === "line") s = s.replace(SPACES, " ");
  return s.trim();
}

/** Whether a cleaned text holds a control character it may not (tab and "\n" are allowed in free text). */
export function hasControlCharacter(cleaned: string, kind: TextKind): boolean {
  return (kind === "line" ? LINE_CONTROLS : TEXT_CONTROLS).test(cleaned);
}

/** A cleaned text with its control characters made spaces: for names no person typed, which are mended, not refused. */
export function withoutControlCharacters(cleaned: string, kind: TextKind): string {
  return hasControlCharacter(cleaned, kind)
    ? cleanText(
        cleaned.replace(new RegExp((kind === "line" ? LINE_CONTROLS : TEXT_CONTROLS).source, "g"), " "),
        kind,
      )
    : cleaned;
}

/**
 * At most `max` UTF-16 units (what the limits count) without cutting a
 * character in two, and cleaned again: a cut can leave a trailing space or
 * half an emoji sequence's joiner.
 */
export function truncateText(cleaned: string, max: number, kind: TextKind): string {
  if (cleaned.length <= max) return cleaned;
  let end = max;
  const last = cleaned.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return cleanText(cleaned.slice(0, end), kind);
}

export type TextCheck = { ok: true; text: string } | { ok: false; message: string };

export interface TextRule {
  kind: TextKind;
  max: number;
  /** With an `empty` message, an empty text is refused with it; without, it is stored as "". */
  messages: { empty?: string; tooLong: string; control: string };
}

/** The rule applied: the text as it will be stored, or why it cannot be. */
export function checkText(raw: string, rule: TextRule): TextCheck {
  const text = cleanText(raw, rule.kind);
  if (text.length === 0 && rule.messages.empty) {
    return { ok: false, message: rule.messages.empty };
  }
  if (text.length > rule.max) return { ok: false, message: rule.messages.tooLong };
  if (hasControlCharacter(text, rule.kind)) {
    return { ok: false, message: rule.messages.control };
  }
  return { ok: true, text };
}
