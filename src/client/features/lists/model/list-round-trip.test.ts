import { describe, expect, it } from "vitest";
import type { PickItem } from "#client/lib/pick-item.ts";
import { type ExportableList, exportList } from "#shared/list-export.ts";
import { LIMITS } from "#shared/limits.ts";
import { referenceCatalog } from "#testing/reference-catalog.ts";
import { chosenItem, parseImport, planImport } from "./list-import.ts";

// Export, then import on /create: the same list back (docs/product.md, "Export and import").
const catalog = referenceCatalog();
const all = [...catalog.byId.values()];
const seasons = all.filter((i) => i.isSeason);
// Every appearance: the real data holds fewer than LIMITS.listItemsMax, so this is the longest list it allows.
const castaways = all.filter((i) => !i.isSeason);

function listOf(items: PickItem[], kind: ExportableList["kind"]): ExportableList {
  return {
    name: 'Round "trip", all',
    description: "Every one,\nin order",
    tags: ["strategic", "spoiler", kind === "seasons" ? "season-ranking" : "survivor-ranking"],
    kind,
    items,
  };
}

/** What the builder would hold after importing `text` into an empty form. */
function importedIds(text: string): string[] {
  const parsed = parseImport(catalog, text);
  if (parsed.kind === "json") return parsed.list.items;
  if (parsed.kind !== "lines") return [];
  const unresolved = parsed.lines.filter((l) => l.match.status !== "matched");
  expect(unresolved.map((l) => l.text)).toEqual([]);
  const picks = parsed.lines.map((l) => chosenItem(l, new Map())!);
  return planImport([], picks).items;
}

describe.each([
  ["a season list", seasons.slice(0, 10)],
  ["every season", seasons],
  ["a castaway list", castaways.filter((c) => ["s20", "s28", "s40"].includes(c.seasonId)).slice(0, 30)],
  ["every appearance, returning players in each of their seasons", castaways],
])("round trip: %s", (_, items) => {
  const list = listOf(items, items[0]!.isSeason ? "seasons" : "castaways");
  const ids = items.map((i) => i.id);

  it("JSON gives exactly the same list", () => {
    const parsed = parseImport(catalog, exportList(list, "json"));
    expect(parsed).toEqual({
      kind: "json",
      list: {
        name: list.name,
        description: list.description,
        tags: ["strategic", "spoiler"],
        items: ids,
        unknown: 0,
      },
    });
  });

  it("CSV gives the same entries in order", () => {
    expect(importedIds(exportList(list, "csv"))).toEqual(ids);
  });

  it("text gives the same entries in order, matched by name and season", () => {
    expect(importedIds(exportList(list, "text"))).toEqual(ids);
  });
});

describe("round trip at the limit", () => {
  it(`a JSON list of ${LIMITS.listItemsMax} entries comes back whole and no longer`, () => {
    // Stand-ins fill the list to the limit (the reference data has fewer appearances); the catalog knows them.
    const standIns: PickItem[] = Array.from({ length: LIMITS.listItemsMax - castaways.length }, (_, i) => ({
      ...castaways[0]!,
      id: `s1-stand-in-${i}`,
      name: `Stand In ${i}`,
    }));
    const items = [...castaways, ...standIns];
    const byId = new Map(catalog.byId);
    for (const s of standIns) byId.set(s.id, s);
    const parsed = parseImport({ ...catalog, byId }, exportList(listOf(items, "castaways"), "json"));
    expect(parsed.kind === "json" && parsed.list.items).toEqual(items.map((i) => i.id));
    expect(planImport([], items).items).toHaveLength(LIMITS.listItemsMax);
  });
});
