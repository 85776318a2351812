import { describe, expect, it } from "vitest";
import { ApiClientError } from "#client/lib/api-client.ts";
import {
  addEntry,
  countLabel,
  isNewerThanShown,
  moveEntry,
  type ReferenceEntry,
  type ReferenceListsDto,
  saveErrorMessage,
  seasonLine,
  updatedLabel,
  withEntries,
} from "./reference-lists.ts";

const castaway = (id: string, name = id): ReferenceEntry => ({
  id,
  name,
  isSeason: false,
  seasonId: id.split("-")[0]!,
  seasonName: "Survivor: Borneo",
  seasonNumber: 1,
});
const season = (id: string): ReferenceEntry => ({
  id,
  name: `Survivor ${id}`,
  isSeason: true,
  seasonId: id,
  seasonName: `Survivor ${id}`,
  seasonNumber: Number(id.slice(1)),
});

const rich = castaway("s1-richard-hatch", "Richard Hatch");
const kelly = castaway("s1-kelly-wiglesworth", "Kelly Wiglesworth");
const rob = castaway("s8-rob-mariano", "Rob Mariano");

const dto = (over: Partial<ReferenceListsDto> = {}): ReferenceListsDto => ({
  lists: { maddysList: [rich], andrewsList: [], kendallsList: [] },
  lastUpdated: "2026-01-02T00:00:00.000Z",
  canEdit: true,
  ...over,
});

describe("addEntry", () => {
  it("appends by default and inserts at a clamped index", () => {
    expect(addEntry([rich], kelly)).toEqual({ kind: "added", entries: [rich, kelly] });
    expect(addEntry([rich, kelly], rob, 1)).toEqual({ kind: "added", entries: [rich, rob, kelly] });
    expect(addEntry([rich], rob, -4)).toEqual({ kind: "added", entries: [rob, rich] });
    expect(addEntry([rich], rob, 99)).toEqual({ kind: "added", entries: [rich, rob] });
  });

  it("keeps only the entry fields of a picked item", () => {
    const picked = { ...kelly, imageUrl: "/media/x.png" };
    const result = addEntry([], picked);
    expect(result.kind === "added" && result.entries[0]).toEqual(kelly);
  });

  it("silently ignores a duplicate", () => {
    expect(addEntry([rich, kelly], rich)).toEqual({ kind: "ignored" });
  });

  it("refuses to mix, worded by what the list holds", () => {
    expect(addEntry([rich], season("s2"))).toEqual({
      kind: "mixed",
      message: "Cannot mix contestants and seasons.",
    });
    expect(addEntry([season("s2")], rich)).toEqual({
      kind: "mixed",
      message: "Cannot mix seasons and contestants.",
    });
    expect(addEntry([], season("s2")).kind).toBe("added");
  });
});

describe("moveEntry", () => {
  it("moves an entry and reports moves that change nothing", () => {
    expect(moveEntry([rich, kelly, rob], 0, 2)).toEqual([kelly, rob, rich]);
    expect(moveEntry([rich, kelly, rob], 2, 1)).toEqual([rich, rob, kelly]);
    expect(moveEntry([rich, kelly], 0, 0)).toBeNull();
    expect(moveEntry([rich, kelly], 1, 2)).toBeNull();
    expect(moveEntry([rich, kelly], -1, 0)).toBeNull();
  });
});

describe("pushed changes", () => {
  const pushed = { id: "maddysList" as const, updatedAt: "2026-01-03T00:00:00.000Z" };

  it("are news unless what is shown is as new or newer", () => {
    expect(isNewerThanShown(dto({ lastUpdated: "2026-01-02T00:00:00.000Z" }), pushed)).toBe(true);
    expect(isNewerThanShown(dto({ lastUpdated: null }), pushed)).toBe(true);
    expect(isNewerThanShown(undefined, pushed)).toBe(true);
    expect(isNewerThanShown(dto({ lastUpdated: pushed.updatedAt }), pushed)).toBe(false);
    expect(isNewerThanShown(dto({ lastUpdated: "2026-02-01T00:00:00.000Z" }), pushed)).toBe(false);
  });

  it("withEntries swaps one list only", () => {
    const next = withEntries(dto(), "andrewsList", [rob]);
    expect(next.lists).toEqual({ maddysList: [rich], andrewsList: [rob], kendallsList: [] });
    expect(next.canEdit).toBe(true);
  });
});

describe("labels and messages", () => {
  it("counts by kind", () => {
    expect(countLabel([])).toBe("0 entries");
    expect(countLabel([rich])).toBe("1 contestant");
    expect(countLabel([rich, kelly])).toBe("2 contestants");
    expect(countLabel([season("s2")])).toBe("1 season");
    expect(countLabel([season("s2"), season("s3")])).toBe("2 seasons");
  });

  it("names the season under an entry without the 'Survivor' prefix", () => {
    expect(seasonLine(rich)).toBe("Borneo");
    expect(seasonLine({ ...rich, seasonName: "Survivor 45" })).toBe("Season 45");
    expect(seasonLine(season("s20"))).toBe("Season 20");
  });

  it("dates the last update, or says nothing when never saved", () => {
    expect(updatedLabel(null)).toBeNull();
    expect(updatedLabel("not a date")).toBeNull();
    expect(updatedLabel("2026-03-04T12:00:00.000Z", "en-US")).toBe("Updated Mar 4, 2026");
  });

  it("shows the server's refusal (mixing, not an editor) and a retry hint otherwise", () => {
    expect(
      saveErrorMessage(new ApiClientError(400, "MIXED_ITEMS", "Cannot mix seasons and contestants.")),
    ).toBe("Cannot mix seasons and contestants.");
    expect(
      saveErrorMessage(new ApiClientError(403, "FORBIDDEN", "Only editors can change the reference lists.")),
    ).toBe("Only editors can change the reference lists.");
    expect(saveErrorMessage(new ApiClientError(500, "HTTP_500", "Internal"))).toBe(
      "Failed to save the rankings. Please try again.",
    );
    expect(saveErrorMessage(new Error("boom"))).toBe("Failed to save the rankings. Please try again.");
  });
});
