import { describe, expect, it } from "vitest";
import { FLAG_SEPARATOR_CODE, NO_FLAGS, packedFlags } from "./packed-flags.ts";

const SEP = String.fromCharCode(FLAG_SEPARATOR_CODE);
/** As the database packs them: the separator, then each flag followed by it. */
const pack = (flags: string[]) => packedFlags(SEP + flags.join(SEP) + SEP);

describe("packedFlags", () => {
  const key = (owner: string, list: string) => `${owner}\u0000${list}`;

  it("answers exactly the flags it was given", () => {
    const flags = pack(["u" + key("ann", "l1"), "f" + key("bob", "l22")]);
    expect(flags.has("u" + key("ann", "l1"))).toBe(true);
    expect(flags.has("f" + key("bob", "l22"))).toBe(true);
    // The other kind, a prefix, a suffix, and a key made of two neighbours: none of them.
    expect(flags.has("f" + key("ann", "l1"))).toBe(false);
    expect(flags.has("f" + key("bob", "l2"))).toBe(false);
    expect(flags.has("u" + key("ann", "l"))).toBe(false);
    expect(flags.has(key("ann", "l1"))).toBe(false);
    expect(flags.has("")).toBe(false);
  });

  it("never matches across two flags", () => {
    const flags = pack(["ua", "fb"]);
    expect(flags.has(`ua${SEP}fb`)).toBe(false);
    expect(flags.has(`a${SEP}f`)).toBe(false);
  });

  it("finds a flag whose text also occurs inside an earlier one", () => {
    const flags = pack(["uab" + key("x", "1"), "b" + key("x", "1")]);
    expect(flags.has("b" + key("x", "1"))).toBe(true);
    expect(flags.has("ab" + key("x", "1"))).toBe(false);
  });

  it("refuses a string not packed so, and shares one empty answer", () => {
    expect(() => packedFlags("ua")).toThrow(RangeError);
    expect(() => packedFlags(`${SEP}ua`)).toThrow(RangeError);
    expect(packedFlags(SEP + SEP)).toBe(NO_FLAGS);
    expect(NO_FLAGS.has("u")).toBe(false);
  });
});
