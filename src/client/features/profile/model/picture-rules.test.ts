import { describe, expect, it } from "vitest";
import { PICTURE_MESSAGES } from "#shared/pictures.ts";
import { rerollButton, rerollFailureMessage, uploadFailureMessage, uploadRefusal } from "./picture-rules.ts";

const NOW = Date.parse("2026-03-01T12:00:00Z");
const HEADSHOT = "/media/headshots/s1-richard-hatch";
const UPLOADED = "/files/avatars/u1/abc-256.webp";
const inMinutes = (m: number) => new Date(NOW + m * 60_000).toISOString();

describe("the re-roll button", () => {
  it("re-rolls when never rolled or showing the last rolled headshot, outside the cooldown", () => {
    expect(rerollButton({ url: null, lastRolledHeadshot: null, nextRerollAt: null }, NOW)).toEqual({
      action: "reroll",
      label: PICTURE_MESSAGES.reroll,
      disabled: false,
    });
    expect(rerollButton({ url: UPLOADED, lastRolledHeadshot: null, nextRerollAt: null }, NOW).action).toBe(
      "reroll",
    );
    expect(
      rerollButton({ url: HEADSHOT, lastRolledHeadshot: HEADSHOT, nextRerollAt: inMinutes(-1) }, NOW).action,
    ).toBe("reroll");
  });

  it("waits, disabled, with 'Nh Nm' during the cooldown", () => {
    expect(
      rerollButton({ url: HEADSHOT, lastRolledHeadshot: HEADSHOT, nextRerollAt: inMinutes(24 * 60) }, NOW),
    ).toEqual({ action: "wait", label: "24h 0m", disabled: true });
    expect(
      rerollButton({ url: HEADSHOT, lastRolledHeadshot: HEADSHOT, nextRerollAt: inMinutes(61.5) }, NOW).label,
    ).toBe("1h 2m");
  });

  it("never shows more than the cooldown when the page's clock last ticked before the roll", () => {
    // Rolled 30 s after the minute's tick: the cooldown ends 24 h and 30 s after `NOW`.
    expect(
      rerollButton(
        { url: HEADSHOT, lastRolledHeadshot: HEADSHOT, nextRerollAt: inMinutes(24 * 60 + 0.5) },
        NOW,
      ).label,
    ).toBe("24h 0m");
  });

  it("restores the last rolled headshot when another picture shows, cooldown or not", () => {
    for (const nextRerollAt of [null, inMinutes(90)]) {
      expect(rerollButton({ url: UPLOADED, lastRolledHeadshot: HEADSHOT, nextRerollAt }, NOW)).toEqual({
        action: "restore",
        label: PICTURE_MESSAGES.restore,
        disabled: false,
      });
    }
  });
});

describe("before an upload", () => {
  it("needs a file and a signed-in user, an image type, and at most 5 MB", () => {
    const png = { type: "image/png", size: 1000 };
    expect(uploadRefusal(null, true)).toBe(PICTURE_MESSAGES.noFileOrUser);
    expect(uploadRefusal(png, false)).toBe(PICTURE_MESSAGES.noFileOrUser);
    expect(uploadRefusal({ type: "text/plain", size: 10 }, true)).toBe(PICTURE_MESSAGES.invalidFile);
    expect(uploadRefusal({ type: "", size: 10 }, true)).toBe(PICTURE_MESSAGES.invalidFile);
    expect(uploadRefusal({ type: "image/jpeg", size: 6 * 1024 * 1024 }, true)).toBe(
      PICTURE_MESSAGES.tooLarge,
    );
    expect(uploadRefusal(png, true)).toBeNull();
  });
});

describe("failure texts", () => {
  it("words an upload's failure with the server's reason, or the storage text", () => {
    expect(uploadFailureMessage({ code: "NOT_AN_IMAGE", message: PICTURE_MESSAGES.invalidFile })).toBe(
      "Upload failed: Please select a valid image file. Check storage rules.",
    );
    expect(uploadFailureMessage({ code: "STORAGE_UNAVAILABLE", message: "whatever" })).toBe(
      PICTURE_MESSAGES.storageUnavailable,
    );
  });

  it("words a re-roll's failure", () => {
    expect(rerollFailureMessage({ code: "NO_HEADSHOT", message: "x" })).toBe(
      PICTURE_MESSAGES.rerollNoPicture,
    );
    expect(rerollFailureMessage({ code: "REROLL_COOLDOWN", message: PICTURE_MESSAGES.cooldown })).toBe(
      PICTURE_MESSAGES.cooldown,
    );
    expect(rerollFailureMessage({ code: "NETWORK", message: "offline" })).toBe(PICTURE_MESSAGES.rerollFailed);
  });
});
