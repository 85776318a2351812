import { describe, expect, it } from "vitest";
import { FLAG_SEPARATOR_CODE, NO_FLAGS, flagsWeight, packedFlags } from "./packed-flags.ts";

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

  it("weighs a member's flags by their packed text, and no flags at nothing", () => {
    const flag = (i: number) => "u" + key("bench-u12345", `list_16000000${String(i).padStart(5, "0")}`);
    const few = pack(Array.from({ length: 38 }, (_, i) => flag(i)));
    const many = pack(Array.from({ length: 200 }, (_, i) => flag(i)));
    // 32 characters a flag and its separator, and the object around them.
    expect(flagsWeight(few)).toBe(38 * 33 + 1 + 48);
    expect(flagsWeight(many)).toBeGreaterThan(5 * flagsWeight(few));
    expect(flagsWeight(NO_FLAGS)).toBe(0);
    expect(flagsWeight(null)).toBe(0);
  });
});
