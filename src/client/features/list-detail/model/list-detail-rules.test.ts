import { describe, expect, it } from "vitest";
import { ApiClientError } from "#client/lib/api-client.ts";
import type { ListEntryDto } from "#server/api-types.ts";
import {
  editListPath,
  entrySeasonLine,
  entryTitle,
  listDetailErrorMessage,
  readSource,
  visibleTags,
} from "./list-detail-rules.ts";

const castaway = (seasonNumber: number, seasonName: string): ListEntryDto => ({
  id: `s${seasonNumber}-someone`,
  name: "Some One",
  isSeason: false,
  seasonId: `s${seasonNumber}`,
  seasonName,
  seasonNumber,
});

const season = (seasonNumber: number, name: string): ListEntryDto => ({
  id: `s${seasonNumber}`,
  name,
  isSeason: true,
  seasonId: `s${seasonNumber}`,
  seasonName: name,
  seasonNumber,
});

describe("list detail rules", () => {
  it("shows the server's not-found reasons and a default for anything else", () => {
    for (const message of ["User not found", "No lists found for this user", "List not found"]) {
      expect(listDetailErrorMessage(new ApiClientError(404, "NOT_FOUND", message))).toBe(message);
    }
    expect(listDetailErrorMessage(new ApiClientError(404, "NOT_FOUND", "Route not found"))).toBe(
      "Failed to load list. Please try again later.",
    );
    expect(listDetailErrorMessage(new ApiClientError(500, "INTERNAL", "List not found"))).toBe(
      "Failed to load list. Please try again later.",
    );
    expect(listDetailErrorMessage(new Error("network"))).toBe("Failed to load list. Please try again later.");
  });

  it("labels chosen tags and hides the automatic ones", () => {
    expect(visibleTags(["challenge", "spoiler", "survivor-ranking", "season-ranking", "custom"])).toEqual([
      { id: "challenge", label: "Challenge Beasts" },
      { id: "spoiler", label: "Spoiler" },
      { id: "custom", label: "custom" },
    ]);
  });

  it("shows seasons 41 to 48 as 'Season {n}', for seasons and castaways' seasons", () => {
    expect(entryTitle(season(41, "Survivor 41"))).toBe("Season 41");
    expect(entryTitle(season(48, "Survivor 48"))).toBe("Season 48");
    expect(entryTitle(season(49, "Survivor 49"))).toBe("Survivor 49");
    expect(entryTitle(season(20, "Survivor: Heroes vs. Villains"))).toBe("Survivor: Heroes vs. Villains");
    expect(entrySeasonLine(season(45, "Survivor 45"))).toBeNull();
    expect(entryTitle(castaway(45, "Survivor 45"))).toBe("Some One");
    expect(entrySeasonLine(castaway(45, "Survivor 45"))).toBe("Season 45");
    expect(entrySeasonLine(castaway(40, "Survivor: Winners at War"))).toBe("Survivor: Winners at War");
  });

  it("reads the navigation source, 'other' unless the home page set it", () => {
    expect(readSource({ source: "home" })).toBe("home");
    expect(readSource({ source: "browse" })).toBe("other");
    expect(readSource(null)).toBe("other");
    expect(readSource(undefined)).toBe("other");
  });

  it("links Edit to the create screen's edit address", () => {
    expect(editListPath("list_1", "u 1")).toBe("/create?edit=list_1&user=u+1");
  });
});
