import { describe, expect, it } from "vitest";
import {
  csvField,
  type ExportableList,
  exportFileName,
  exportList,
  listToCsv,
  listToJson,
  listToText,
  parseCsv,
  parseListJson,
  seasonLabel,
} from "./list-export.ts";

const castawayList: ExportableList = {
  name: 'Best, "ever"',
  description: "Line one\nline two",
  tags: ["strategic", "survivor-ranking", "spoiler"],
  kind: "castaways",
  items: [
    { id: "s1-richard-hatch", name: "Richard Hatch", isSeason: false, seasonName: "Survivor: Borneo" },
    { id: "s41-erika-casupanan", name: "Erika Casupanan", isSeason: false, seasonName: "Survivor 41" },
    { id: "s20-x", name: 'Quote "Q", Comma', isSeason: false, seasonName: "Survivor: Heroes vs. Villains" },
  ],
};

const seasonList: ExportableList = {
  name: "Seasons",
  description: "",
  tags: ["season-ranking"],
  kind: "seasons",
  items: [
    { id: "s1", name: "Survivor: Borneo", isSeason: true, seasonName: "Survivor: Borneo" },
    { id: "s41", name: "Survivor 41", isSeason: true, seasonName: "Survivor 41" },
  ],
};

describe("list export", () => {
  it("writes the versioned JSON with chosen tags only", () => {
    const file = JSON.parse(listToJson(castawayList));
    expect(file).toEqual({
      format: "survivor-rankings/list",
      version: 1,
      name: 'Best, "ever"',
      description: "Line one\nline two",
      tags: ["strategic", "spoiler"],
      kind: "castaways",
      items: [
        { id: "s1-richard-hatch", name: "Richard Hatch", season: "Survivor: Borneo" },
        { id: "s41-erika-casupanan", name: "Erika Casupanan", season: "Survivor 41" },
        { id: "s20-x", name: 'Quote "Q", Comma', season: "Survivor: Heroes vs. Villains" },
      ],
    });
  });

  it("writes CSV with a header and RFC 4180 quoting", () => {
    expect(listToCsv(castawayList)).toBe(
      "rank,name,season,id\r\n" +
        "1,Richard Hatch,Survivor: Borneo,s1-richard-hatch\r\n" +
        "2,Erika Casupanan,Survivor 41,s41-erika-casupanan\r\n" +
        '3,"Quote ""Q"", Comma",Survivor: Heroes vs. Villains,s20-x\r\n',
    );
    expect(listToCsv(seasonList)).toBe(
      "rank,name,season,id\r\n1,Survivor: Borneo,,s1\r\n2,Survivor 41,,s41\r\n",
    );
    expect(csvField("a\nb")).toBe('"a\nb"');
  });

  it("writes numbered text lines", () => {
    expect(listToText(castawayList)).toBe(
      '1. Richard Hatch (Borneo)\n2. Erika Casupanan (Season 41)\n3. Quote "Q", Comma (Heroes vs. Villains)\n',
    );
    expect(listToText(seasonList)).toBe("1. Survivor: Borneo\n2. Survivor 41\n");
    expect(exportList({ ...seasonList, items: [] }, "text")).toBe("");
  });

  it("names seasons in text and files from the list's name", () => {
    expect(seasonLabel("Survivor: Borneo")).toBe("Borneo");
    expect(seasonLabel("Survivor 44")).toBe("Season 44");
    expect(exportFileName("Best of Néleh & Borneo!", "json")).toBe("best-of-neleh-borneo.json");
    expect(exportFileName("🔥🔥", "csv")).toBe("survivor-ranking.csv");
    expect(exportFileName("x", "text")).toBe("x.txt");
  });

  it("reads CSV back, quotes and line breaks included", () => {
    expect(parseCsv(listToCsv(castawayList))).toEqual([
      ["rank", "name", "season", "id"],
      ["1", "Richard Hatch", "Survivor: Borneo", "s1-richard-hatch"],
      ["2", "Erika Casupanan", "Survivor 41", "s41-erika-casupanan"],
      ["3", 'Quote "Q", Comma', "Survivor: Heroes vs. Villains", "s20-x"],
    ]);
    expect(parseCsv('a,"b\nc"\nd,e')).toEqual([
      ["a", "b\nc"],
      ["d", "e"],
    ]);
  });

  it("reads its JSON back and refuses anything else", () => {
    const back = parseListJson(listToJson(castawayList))!;
    expect(back.name).toBe(castawayList.name);
    expect(back.description).toBe(castawayList.description);
    expect(back.tags).toEqual(["strategic", "spoiler"]);
    expect(back.items.map((i) => i.id)).toEqual(castawayList.items.map((i) => i.id));
    expect(parseListJson("not json")).toBeNull();
    expect(parseListJson('{"format":"other","version":1,"name":"x","items":[]}')).toBeNull();
    expect(parseListJson('{"format":"survivor-rankings/list","version":2,"name":"x","items":[]}')).toBeNull();
    expect(
      parseListJson('{"format":"survivor-rankings/list","version":1,"name":"x","items":[{}]}'),
    ).toBeNull();
    expect(
      parseListJson(
        '{"format":"survivor-rankings/list","version":1,"name":"x","tags":["bogus","social"],"items":[]}',
      )?.tags,
    ).toEqual(["social"]);
  });
});
