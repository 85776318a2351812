import { describe, expect, it } from "vitest";
import { NO_FLAGS, packFlags } from "./packed-flags.ts";

describe("packFlags", () => {
  const key = (owner: string, list: string) => `${owner}\u0000${list}`;

  it("answers exactly the flags it was given", () => {
    const flags = packFlags(["u" + key("ann", "l1"), "f" + key("bob", "l22")]);
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
    const flags = packFlags(["ua", "fb"]);
    expect(flags.has("ua\u0001fb")).toBe(false);
    expect(flags.has("a\u0001f")).toBe(false);
    // Flags that hold the separator themselves are kept as they are.
    const odd = packFlags(["u\u0001x", "fy"]);
    expect(odd.has("u\u0001x")).toBe(true);
    expect(odd.has("x\u0001fy")).toBe(false);
  });

  it("finds a flag whose text also occurs inside an earlier one", () => {
    const flags = packFlags(["uab" + key("x", "1"), "b" + key("x", "1")]);
    expect(flags.has("b" + key("x", "1"))).toBe(true);
    expect(flags.has("ab" + key("x", "1"))).toBe(false);
  });

  it("shares one empty answer", () => {
    expect(packFlags([])).toBe(NO_FLAGS);
    expect(NO_FLAGS.has("u")).toBe(false);
  });
});
