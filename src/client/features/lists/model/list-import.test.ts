import { describe, expect, it } from "vitest";
import { referenceCatalog } from "#testing/reference-catalog.ts";
import { listToJson } from "#shared/list-export.ts";
import { LIMITS } from "#shared/limits.ts";
import {
  chosenItem,
  importReport,
  type LineMatch,
  lineKey,
  matchLine,
  parseImport,
  planImport,
  resolveSeason,
  stripNumbering,
} from "./list-import.ts";

const catalog = referenceCatalog();
const idOf = (m: LineMatch | null) => (m?.status === "matched" ? m.item.id : m?.status);
const line = (text: string) => idOf(matchLine(catalog, text));

describe("numbering", () => {
  it.each([
    ["1. Boston Rob", "Boston Rob"],
    ["3) Cagayan", "Cagayan"],
    ["#4 Sandra", "Sandra"],
    ["# 4. Sandra", "Sandra"],
    ["5 - Tony Vlachos (Cagayan)", "Tony Vlachos (Cagayan)"],
    ["12: Parvati", "Parvati"],
    ["- Parvati", "Parvati"],
    ["* Parvati", "Parvati"],
    ["• Parvati", "Parvati"],
    ["7 Parvati", "Parvati"],
    ["Survivor 41", "Survivor 41"],
    ["Survivor: Borneo", "Survivor: Borneo"],
  ])("%s → %s", (raw, out) => expect(stripNumbering(raw)).toBe(out));
});

describe("matching a line", () => {
  it("finds seasons by name, short name, number and id", () => {
    expect(line("3) Cagayan")).toBe("s28");
    expect(line("1. Survivor: Borneo")).toBe("s1");
    expect(line("Survivor 41")).toBe("s41");
    expect(line("s20")).toBe("s20");
    expect(line("Season 44")).toBe("s44");
    expect(line("heroes vs. villains")).toBe("s20");
  });

  it("finds castaways by nickname, any case and accents, from their first season", () => {
    expect(line("1. Boston Rob")).toBe("s4-rob-mariano");
    expect(line("#4 SANDRA")).toBe("s7-sandra-diaz-twine");
    expect(line("- parvati shallow")).toBe("s13-parvati-shallow");
    // The reference names carry no accents; a pasted line may.
    expect(line("* Párvati Shállow")).toBe("s13-parvati-shallow");
    expect(line("Sandra Díaz-Twine (Héroes vs. Villains)")).toBe("s20-sandra-diaz-twine");
    expect(line("Tony\u00a0Vlachos")).toBe("s28-tony-vlachos");
  });

  it("offers the person's other seasons beside the match", () => {
    const m = matchLine(catalog, "Boston Rob");
    expect(m?.status === "matched" && m.others.map((o) => o.seasonId)).toEqual(["s8", "s20", "s22", "s40"]);
  });

  it("tells namesakes apart by the season the line names", () => {
    expect(line("Parvati - Micronesia")).toBe("s16-parvati-shallow");
    expect(line("5 - Tony Vlachos (Cagayan)")).toBe("s28-tony-vlachos");
    expect(line("Tony (Winners at War)")).toBe("s40-tony-vlachos");
    expect(line("Sandra, Heroes vs. Villains")).toBe("s20-sandra-diaz-twine");
    expect(line("Sandra s20")).toBe("s20-sandra-diaz-twine");
    expect(line("Boston Rob (Season 40)")).toBe("s40-rob-mariano");
    expect(line("Rob (All-Stars)")).not.toBe("unmatched");
    expect(line("1\tRichard Hatch\tBorneo")).toBe("s1-richard-hatch");
    expect(line("2\tRichard Hatch\tAll-Stars")).toBe("s8-richard-hatch");
    expect(line("Erika Casupanan (Season 41)")).toBe("s41-erika-casupanan");
  });

  it("offers candidates when several people match", () => {
    const m = matchLine(catalog, "Joe");
    expect(m?.status).toBe("ambiguous");
    if (m?.status !== "ambiguous") return;
    expect(m.candidates.length).toBeGreaterThan(1);
    expect(new Set(m.candidates.map((c) => c.name)).size).toBe(m.candidates.length);
  });

  it("offers every appearance when the named season does not have them", () => {
    const m = matchLine(catalog, "Sandra (Borneo)");
    expect(m?.status).toBe("ambiguous");
    if (m?.status === "ambiguous")
      expect(m.candidates.every((c) => c.name === "Sandra Diaz-Twine")).toBe(true);
  });

  it("says what matches nothing, and skips blank lines", () => {
    expect(line("Xyzzy Plugh")).toBe("unmatched");
    expect(matchLine(catalog, "   ")).toBeNull();
    expect(matchLine(catalog, "1.")).toBeNull();
  });

  it("resolves season hints", () => {
    expect(resolveSeason(catalog, "Micronesia")?.id).toBe("s16");
    expect(resolveSeason(catalog, "28")?.id).toBe("s28");
    expect(resolveSeason(catalog, "nowhere")).toBeNull();
  });
});

describe("parseImport", () => {
  it("keeps each line's place and skips blank ones", () => {
    const parsed = parseImport(catalog, "1. Boston Rob\n\nParvati - Micronesia\r\nXyzzy\n");
    expect(parsed.kind).toBe("lines");
    if (parsed.kind !== "lines") return;
    expect(parsed.lines.map((l) => [l.index, l.text, idOf(l.match)])).toEqual([
      [0, "1. Boston Rob", "s4-rob-mariano"],
      [2, "Parvati - Micronesia", "s16-parvati-shallow"],
      [3, "Xyzzy", "unmatched"],
    ]);
    expect(parseImport(catalog, " \n ").kind).toBe("empty");
  });

  it("uses a pick for its line until the line changes", () => {
    const parsed = parseImport(catalog, "Joe");
    if (parsed.kind !== "lines") throw new Error("lines expected");
    const [joe] = parsed.lines;
    expect(chosenItem(joe!, new Map())).toBeNull();
    const pick = joe!.match.status === "ambiguous" ? joe!.match.candidates[1]! : null;
    expect(chosenItem(joe!, new Map([[lineKey(joe!), pick!]]))).toBe(pick);
    expect(chosenItem({ ...joe!, text: "Joe A" }, new Map([[lineKey(joe!), pick!]]))).toBeNull();
  });

  it("reads a JSON export exactly, leaving unknown entries out", () => {
    const list = {
      name: "Mine",
      description: "Two\nlines",
      tags: ["spoiler", "social", "survivor-ranking"],
      kind: "castaways" as const,
      items: ["s28-tony-vlachos", "s7-sandra-diaz-twine"].map((id) => catalog.byId.get(id)!),
    };
    const parsed = parseImport(catalog, listToJson(list));
    expect(parsed).toEqual({
      kind: "json",
      list: {
        name: "Mine",
        description: "Two\nlines",
        tags: ["spoiler", "social"],
        items: ["s28-tony-vlachos", "s7-sandra-diaz-twine"],
        unknown: 0,
      },
    });
    const withUnknown = listToJson({
      ...list,
      items: [...list.items, { ...list.items[0]!, id: "s99-nobody" }],
    });
    expect(parseImport(catalog, withUnknown)).toMatchObject({ kind: "json", list: { unknown: 1 } });
  });

  it("reads JSON that is not ours as lines", () => {
    expect(parseImport(catalog, '{"hello": 1}').kind).toBe("lines");
  });
});

describe("planImport", () => {
  const item = (id: string) => catalog.byId.get(id)!;

  it("adds at the end and reports repeats", () => {
    const plan = planImport(["s1"], [item("s2"), item("s1"), item("s2"), item("s3")]);
    expect(plan).toEqual({ items: ["s1", "s2", "s3"], added: 2, duplicates: 2, mixed: null, overLimit: 0 });
    expect(importReport(plan)).toBe("Added 2 entries. Skipped 2 already in the list.");
  });

  it("refuses the other kind with the builder's words", () => {
    const plan = planImport(["s1"], [item("s28-tony-vlachos"), item("s2")]);
    expect(plan.items).toEqual(["s1", "s2"]);
    expect(importReport(plan)).toBe("Added 1 entry. Cannot mix seasons and contestants.");
    const other = planImport([], [item("s28-tony-vlachos"), item("s2")]);
    expect(importReport(other)).toBe("Added 1 entry. Cannot mix contestants and seasons.");
  });

  it("stops at the limit with the builder's words", () => {
    // The reference data holds fewer appearances than the limit: the list is filled with stand-ins.
    const current = Array.from({ length: LIMITS.listItemsMax - 1 }, (_, i) => `s1-stand-in-${i}`);
    const plan = planImport(
      current,
      ["s28-tony-vlachos", "s7-sandra-diaz-twine", "s4-rob-mariano"].map(item),
    );
    expect(plan.items).toHaveLength(LIMITS.listItemsMax);
    expect(plan.overLimit).toBe(2);
    expect(importReport(plan)).toBe(`Added 1 entry. A list can hold at most ${LIMITS.listItemsMax} entries.`);
  });
});
