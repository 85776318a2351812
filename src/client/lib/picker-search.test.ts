import { describe, expect, it } from "vitest";
import type { PickItem } from "#client/lib/pick-item.ts";
import { normaliseQuery, searchPicker, uniqueByName } from "./picker-search.ts";

const season = (n: number, name: string): PickItem => ({
  id: `s${n}`,
  name,
  isSeason: true,
  seasonId: `s${n}`,
  seasonName: name,
  seasonNumber: n,
  imageUrl: `/media/seasons/s${n}`,
});

const castaway = (s: PickItem, slug: string, name: string, nickname?: string): PickItem => ({
  id: `${s.id}-${slug}`,
  name,
  nickname,
  isSeason: false,
  seasonId: s.id,
  seasonName: s.name,
  seasonNumber: s.seasonNumber,
  imageUrl: `/media/headshots/${s.id}-${slug}`,
});

const borneo = season(1, "Survivor: Borneo");
const allStars = season(8, "Survivor: All-Stars");
const heroes = season(20, "Survivor: Heroes vs. Villains");
const s41 = season(41, "Survivor 41");
const s44 = season(44, "Survivor 44");

const casts: Record<string, PickItem[]> = {
  s1: [
    castaway(borneo, "richard-hatch", "Richard Hatch"),
    castaway(borneo, "kelly-wiglesworth", "Kelly Wiglesworth"),
  ],
  s8: [
    castaway(allStars, "rob-mariano", "Rob Mariano"),
    castaway(allStars, "richard-hatch", "Richard Hatch"),
  ],
  s20: [
    castaway(heroes, "rob-mariano", "Rob Mariano"),
    castaway(heroes, "parvati-shallow", "Parvati Shallow"),
  ],
  s41: [castaway(s41, "erika-casupanan", "Erika Casupanan")],
  s44: [
    castaway(s44, "neleh-dennis", "Néleh Dennis"),
    castaway(s44, "oscar-lusth", "Oscar Lusth", "Ozzy"),
    castaway(s44, "carolyn-wiger", "Carolyn\u00a0Wiger"),
    castaway(s44, "benjamin-wade", "Benjamin Wade", "Coach"),
  ],
};
const castawaysOf = (id: string) => casts[id] ?? [];
// Deliberately out of order: the search sorts by season number itself.
const seasons = [heroes, s41, borneo, allStars, s44];

describe("searchPicker", () => {
  it("finds nothing for an empty or blank query", () => {
    expect(searchPicker(seasons, castawaysOf, "")).toEqual({ seasons: [], castaways: [] });
    expect(searchPicker(seasons, castawaysOf, "   ")).toEqual({ seasons: [], castaways: [] });
  });

  it("matches castaway names case-insensitively, one per name, from the earliest season", () => {
    const { castaways, seasons: found } = searchPicker(seasons, castawaysOf, "  RICH ");
    expect(castaways.map((c) => c.id)).toEqual(["s1-richard-hatch"]);
    expect(found).toEqual([]);
  });

  it("matches nicknames, ignoring accents and kinds of whitespace", () => {
    const ids = (q: string) => searchPicker(seasons, castawaysOf, q).castaways.map((c) => c.id);
    expect(ids("ozzy")).toEqual(["s44-oscar-lusth"]);
    expect(ids(" COACH ")).toEqual(["s44-benjamin-wade"]);
    expect(ids("neleh")).toEqual(["s44-neleh-dennis"]);
    expect(ids("carolyn wiger")).toEqual(["s44-carolyn-wiger"]);
  });

  it("keeps the first appearance when a returnee played several seasons", () => {
    const { castaways } = searchPicker(seasons, castawaysOf, "rob");
    expect(castaways.map((c) => c.id)).toEqual(["s8-rob-mariano"]);
  });

  it("matches a season name: the season itself and its cast", () => {
    const { castaways, seasons: found } = searchPicker(seasons, castawaysOf, "borneo");
    expect(found.map((s) => s.id)).toEqual(["s1"]);
    expect(castaways.map((c) => c.id)).toEqual(["s1-richard-hatch", "s1-kelly-wiglesworth"]);
  });

  it("sorts castaways and seasons by season number", () => {
    const { castaways, seasons: found } = searchPicker(seasons, castawaysOf, "a");
    const numbers = castaways.map((c) => c.seasonNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(found.map((s) => s.seasonNumber)).toEqual([8, 20]);
    // Rob appears in seasons 8 and 20, Richard in 1 and 8: each only once.
    expect(castaways.filter((c) => c.name === "Rob Mariano")).toHaveLength(1);
    expect(castaways.filter((c) => c.name === "Richard Hatch")).toHaveLength(1);
  });

  it("matches numbered seasons by their number", () => {
    const { castaways, seasons: found } = searchPicker(seasons, castawaysOf, "41");
    expect(found.map((s) => s.id)).toEqual(["s41"]);
    expect(castaways.map((c) => c.name)).toEqual(["Erika Casupanan"]);
  });

  it("copes with seasons that have no cast", () => {
    const empty = season(31, "Survivor: Cambodia");
    expect(searchPicker([empty], () => [], "cambodia")).toEqual({ seasons: [empty], castaways: [] });
  });
});

describe("uniqueByName", () => {
  it("compares names ignoring case and surrounding blanks", () => {
    const a = castaway(borneo, "a", "Sue Hawk");
    const b = castaway(allStars, "b", " sue hawk");
    expect(uniqueByName([a, b])).toEqual([a]);
  });
});

describe("normaliseQuery", () => {
  it("trims and lowercases", () => {
    expect(normaliseQuery("  Parvati ")).toBe("parvati");
  });
});
