import { describe, expect, it } from "vitest";
import { canPost, checkDraft, remainingCharacters } from "./comment-draft.ts";

describe("comment draft", () => {
  it("counts what is left of 500 characters, trimmed as the server stores it", () => {
    expect(remainingCharacters("")).toBe(500);
    expect(remainingCharacters("  hello  ")).toBe(495);
    expect(remainingCharacters("x".repeat(500))).toBe(0);
    expect(remainingCharacters("x".repeat(503))).toBe(-3);
  });

  it("lets only spaces be posted at (to say why not), but nothing or too much not at all", () => {
    expect(canPost("")).toBe(false);
    expect(canPost("   ")).toBe(true);
    expect(canPost("hi")).toBe(true);
    expect(canPost(`${"x".repeat(500)}   `)).toBe(true);
    expect(canPost("x".repeat(501))).toBe(false);
  });

  it("refuses only spaces with the product's text and keeps line breaks", () => {
    expect(checkDraft("  \n ")).toEqual({ ok: false, message: "Comment cannot be empty." });
    expect(checkDraft("  line one\r\nline two  ")).toEqual({ ok: true, text: "line one\nline two" });
  });
});
