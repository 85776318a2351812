import { describe, expect, it } from "vitest";
import { keyStep, SHARE_MESSAGES, shareFileName, stepIndex, swipeStep } from "./share-rules.ts";

describe("shareFileName", () => {
  it("turns the list name's spaces to underscores, with _ranking.png or _ranking_beach.png", () => {
    expect(shareFileName("My Top 10 Winners", "classic")).toBe("My_Top_10_Winners_ranking.png");
    expect(shareFileName("My Top 10 Winners", "beach")).toBe("My_Top_10_Winners_ranking_beach.png");
  });

  it("keeps other characters and takes a run of white space as one gap", () => {
    expect(shareFileName("Heroes vs. Villains!", "classic")).toBe("Heroes_vs._Villains!_ranking.png");
    expect(shareFileName("  Two  spaces\there ", "beach")).toBe("Two_spaces_here_ranking_beach.png");
  });

  it("names a nameless list as the pictures do (Untitled List)", () => {
    expect(shareFileName("   ", "classic")).toBe("Untitled_List_ranking.png");
  });
});

describe("swipeStep", () => {
  it("moves on at 50 px to the left, back at 50 px to the right", () => {
    expect(swipeStep(-50, 0)).toBe(1);
    expect(swipeStep(-51, 5)).toBe(1);
    expect(swipeStep(50, 0)).toBe(-1);
    expect(swipeStep(120, -10)).toBe(-1);
  });

  it("ignores a shorter move, and one more up-and-down than sideways", () => {
    expect(swipeStep(-49, 0)).toBe(0);
    expect(swipeStep(49, 0)).toBe(0);
    expect(swipeStep(-60, 80)).toBe(0);
  });
});

describe("carousel steps", () => {
  it("goes round at both ends", () => {
    expect(stepIndex(0, 1, 2)).toBe(1);
    expect(stepIndex(1, 1, 2)).toBe(0);
    expect(stepIndex(0, -1, 2)).toBe(1);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it("takes Left and Right only", () => {
    expect(keyStep("ArrowLeft")).toBe(-1);
    expect(keyStep("ArrowRight")).toBe(1);
    expect(keyStep("ArrowUp")).toBe(0);
    expect(keyStep("Enter")).toBe(0);
  });
});

describe("texts", () => {
  it("words the failure as the product does", () => {
    expect(SHARE_MESSAGES.failed("boom")).toBe("Sorry, couldn't generate the shareable images. Error: boom");
  });
});
