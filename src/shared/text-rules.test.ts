import { describe, expect, it } from "vitest";
import { checkCommentText, COMMENT_MESSAGES } from "./comments.ts";
import { defaultDisplayName, displayNameFrom } from "./display-name.ts";
import { LIST_DESCRIPTION_RULE, LIST_MESSAGES, LIST_NAME_RULE } from "./lists.ts";
import { PROFILE_MESSAGES, USERNAME_RULE } from "./profile.ts";
import { checkText, cleanText, truncateText } from "./text-rules.ts";

const refusal = (raw: string, rule = USERNAME_RULE) => {
  const checked = checkText(raw, rule);
  return checked.ok ? null : checked.message;
};

describe("the shared text rule", () => {
  it("removes zero-width and bidirectional characters, so a look-alike name is the name", () => {
    const invisible =
      "\u200B\u200C\u200D\u2060\uFEFF\u200E\u200F\u061C\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u00AD\u3164";
    expect(cleanText(`Ali${invisible}ce${invisible}`, "line")).toBe("Alice");
    expect(cleanText("\u202Eecila", "line")).toBe("ecila");
    // What is left is trimmed and compared: nothing visible is empty.
    expect(refusal("\u200B")).toBe(PROFILE_MESSAGES.usernameEmpty);
    expect(refusal(" \u200B\u2800\u00A0 ")).toBe(PROFILE_MESSAGES.usernameEmpty);
    expect(refusal("\u200B", LIST_NAME_RULE)).toBe(LIST_MESSAGES.nameRequired);
    expect(checkCommentText("\u200B")).toEqual({ ok: false, message: COMMENT_MESSAGES.textEmpty });
  });

  it("composes to NFC and folds every space in a name to one plain space", () => {
    expect(cleanText("Ame\u0301lie", "line")).toBe("Amélie");
    expect(cleanText("Queen\u00A0\u3000 Sandra", "line")).toBe("Queen Sandra");
    // Free text keeps its spacing, line breaks and tabs.
    expect(cleanText(" a\u00A0 b\r\n\tc\u2028d ", "text")).toBe("a\u00A0 b\n\tc\nd");
  });

  it("refuses control characters: all of them in names, all but tab and line break in free text", () => {
    for (const c of ["\u001B", "\u0007", "\u007F", "\u0085x", "\u009B", "\t", "\n"]) {
      expect(refusal(`Al${c}ice`), JSON.stringify(c)).toBe(PROFILE_MESSAGES.usernameControl);
      expect(refusal(`L${c}ist`, LIST_NAME_RULE), JSON.stringify(c)).toBe(LIST_MESSAGES.nameControl);
    }
    expect(checkText("a\n\tb", LIST_DESCRIPTION_RULE)).toEqual({ ok: true, text: "a\n\tb" });
    expect(refusal("a\u001Bb", LIST_DESCRIPTION_RULE)).toBe(LIST_MESSAGES.descriptionControl);
    expect(checkCommentText("ding\u0007")).toEqual({
      ok: false,
      message: COMMENT_MESSAGES.controlCharacters,
    });
    // Line ends around a name are trimmed like spaces, not refused.
    expect(checkText("\r\nAlice\n", USERNAME_RULE)).toEqual({ ok: true, text: "Alice" });
  });

  it("keeps the invisible characters an emoji or a script draws with", () => {
    for (const emoji of ["👩‍💻", "👨‍👩‍👧", "👍🏽", "❤️‍🔥", "🏳️‍⚧️", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"]) {
      expect(cleanText(`Fan ${emoji}`, "line")).toBe(`Fan ${emoji}`);
      expect(cleanText(emoji, "text")).toBe(emoji);
    }
    // A joiner after a letter joins nothing.
    expect(cleanText("Bob\u200D👍", "line")).toBe("Bob👍");
    // Persian's non-joiner between letters: kept in free text, not in names.
    expect(cleanText("می\u200Cخواهم", "text")).toBe("می\u200Cخواهم");
    expect(cleanText("می\u200Cخواهم", "line")).toBe("میخواهم");
    expect(cleanText("a\u200Cb", "text")).toBe("ab");
  });

  it("is idempotent, and counts length after cleaning", () => {
    const raw = " \u200BQueen\u00A0 Sa\u0301ndra 👩‍💻\u202E ";
    expect(cleanText(cleanText(raw, "line"), "line")).toBe(cleanText(raw, "line"));
    expect(checkText(`${"x".repeat(30)}\u200B\u200B`, USERNAME_RULE)).toEqual({
      ok: true,
      text: "x".repeat(30),
    });
    expect(refusal("x".repeat(31))).toBe(PROFILE_MESSAGES.usernameTooLong);
  });

  it("truncates between characters, never inside one", () => {
    expect(truncateText(`${"x".repeat(29)}😀`, 30, "line")).toBe("x".repeat(29));
    expect(truncateText("abc def", 4, "line")).toBe("abc");
  });

  it("makes default names the rule accepts", () => {
    expect(defaultDisplayName("castaway.one@example.test")).toBe("castaway.one");
    expect(defaultDisplayName("@example.test")).toBe("survivor");
    expect(displayNameFrom("Bell\u0007 Ringer\u200B")).toBe("Bell Ringer");
    expect(displayNameFrom("\u200B")).toBe("");
    expect(defaultDisplayName(`${"y".repeat(40)}@example.test`)).toBe("y".repeat(30));
  });
});
