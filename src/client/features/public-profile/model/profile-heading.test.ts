import { describe, expect, it } from "vitest";
import {
  emptyProfileText,
  headingVariant,
  itemCountText,
  linkedUserName,
  profileHeading,
  profileProblem,
  rankingsCreatedText,
} from "./profile-heading.ts";

describe("public profile heading", () => {
  it("wears the browse heading after a creator link, the profile heading otherwise", () => {
    expect(headingVariant({ userName: "Parvati" })).toBe("browse");
    expect(headingVariant({ from: "browse" })).toBe("browse");
    expect(headingVariant(null)).toBe("profile");
    expect(headingVariant({ source: "home" })).toBe("profile");
    expect(profileHeading("Parvati", "browse")).toBe("Rankings by Parvati");
    expect(profileHeading("Parvati", "profile")).toBe("Parvati's Rankings");
  });

  it("takes the linked name only when it is a real name", () => {
    expect(linkedUserName({ userName: "Boston Rob" })).toBe("Boston Rob");
    expect(linkedUserName({ userName: "  " })).toBeUndefined();
    expect(linkedUserName({ userName: 4 })).toBeUndefined();
    expect(linkedUserName(undefined)).toBeUndefined();
  });

  it("uses the product's texts", () => {
    expect(rankingsCreatedText(2)).toBe("2 ranking(s) created by this user");
    expect(emptyProfileText("Sandra")).toBe("Sandra hasn't created any public rankings yet.");
    expect(itemCountText(1, "castaways")).toBe("1 contestant");
    expect(itemCountText(5, "seasons")).toBe("5 seasons");
  });
});

describe("profile problems", () => {
  it("says the user is missing, the profile failed, or past page 1 the lists failed", () => {
    expect(profileProblem(true, 3)).toBe("User profile not found.");
    expect(profileProblem(false, 1)).toBe("Could not load user profile.");
    expect(profileProblem(false, 2)).toBe("Failed to load user lists.");
  });
});
