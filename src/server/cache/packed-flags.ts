/** A reader's flags ('f' or 'u' and a card's key) as the pages overlaying them ask: is this one theirs? */
export interface FlagLookup {
  has(flag: string): boolean;
}

const SEP = "\u0001";
const SEP_CODE = SEP.charCodeAt(0);

/** No flags at all: most readers of most pages. */
export const NO_FLAGS: FlagLookup = new Set<string>();

/**
 * A member's flags kept as one string: the separator, then each flag
 * followed by the separator, as the database packs them
 * (browse.service.ts, memberFlagsReaderOf), so the member's rows arrive as
 * one string. Kept so for the memory a remembered member costs: a Set of
 * the same flags held about 190 bytes a flag (each string a chain of the
 * row's pieces, plus the set's slot), this about 35, and a member has
 * dozens (docs/performance.md, "A member's flags in one string"). A lookup
 * is one search of that string, a few hundred bytes to a few kilobytes.
 * The packer makes sure no flag holds the separator, so no lookup can match
 * across two flags.
 */
export function packedFlags(packed: string): FlagLookup {
  if (
    packed.length < 2 ||
    packed.charCodeAt(0) !== SEP_CODE ||
    packed.charCodeAt(packed.length - 1) !== SEP_CODE
  )
    throw new RangeError("packed flags begin and end with the separator");
  return packed.length === 2 ? NO_FLAGS : new PackedFlags(packed);
}

/**
 * About how many bytes a member's flags keep alive (memberFlagsCache's
 * bound in bytes): the packed text, a byte a character as V8 keeps text
 * of these ids, and the object and string around it. No flags, or the
 * null of a member with too many to keep, cost nothing of their own.
 */
export function flagsWeight(flags: FlagLookup | null): number {
  return flags instanceof PackedFlags ? flags.length + 48 : 0;
}

/** The separator's code, for SQL that packs flags (`chr(code)`). */
export const FLAG_SEPARATOR_CODE = SEP_CODE;

class PackedFlags implements FlagLookup {
  constructor(private readonly packed: string) {}

  get length(): number {
    return this.packed.length;
  }

  has(flag: string): boolean {
    // An empty search would find itself everywhere, forever (indexOf of "" never gives -1).
    if (flag.length === 0 || flag.includes(SEP)) return false;
    // Each place the flag's text occurs, until one is a whole flag: between
    // two separators. (Searching for separator + flag + separator built that
    // string for every lookup: half as slow again.)
    const { packed } = this;
    for (let at = packed.indexOf(flag, 1); at !== -1; at = packed.indexOf(flag, at + 1)) {
      if (packed.charCodeAt(at - 1) === SEP_CODE && packed.charCodeAt(at + flag.length) === SEP_CODE)
        return true;
    }
    return false;
  }
}
