import type { PickItem } from "#client/lib/pick-item.ts";

export interface PickerSearchResult {
  /** Seasons whose name holds the query, by season number. */
  seasons: PickItem[];
  /** Castaways whose name (or season name) holds the query, one per name, by season number. */
  castaways: PickItem[];
}

export const EMPTY_SEARCH: PickerSearchResult = { seasons: [], castaways: [] };

/**
 * Folds text for matching: accents dropped ('Néleh' = 'neleh'), case ignored,
 * and any run of whitespace (non-breaking spaces included) read as one space.
 */
export function normaliseQuery(query: string): string {
  return query.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

const matches = (text: string | undefined, q: string) => !!text && normaliseQuery(text).includes(q);

/** Whether a castaway's name or nickname holds the already-normalised query (the list import matches with this too). */
export const castawayMatches = (c: PickItem, q: string) => matches(c.name, q) || matches(c.nickname, q);

/** Whether a season's name holds the already-normalised query. */
export const seasonMatches = (s: PickItem, q: string) => matches(s.name, q);

const bySeasonNumber = (a: PickItem, b: PickItem) => a.seasonNumber - b.seasonNumber;

/**
 * Keeps the first item of each lowercase name. Returning players appear once
 * per season they played; the picker shows each person once.
 */
export function uniqueByName(items: readonly PickItem[]): PickItem[] {
  const seen = new Set<string>();
  const out: PickItem[] = [];
  for (const item of items) {
    const key = item.name.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/**
 * The picker's search: a substring match on names, nicknames and season
 * names, ignoring case, accents and kinds of whitespace. Castaways are sorted
 * by season before the de-duplication, so a returnee is shown from their first season.
 */
export function searchPicker(
  seasonItems: readonly PickItem[],
  castawaysOf: (seasonId: string) => readonly PickItem[],
  query: string,
): PickerSearchResult {
  const q = normaliseQuery(query);
  if (!q) return EMPTY_SEARCH;
  // Array.prototype.sort is stable, so order within a season stays as the cast list has it.
  const seasons = [...seasonItems].sort(bySeasonNumber);
  const matchingSeasons = seasons.filter((s) => seasonMatches(s, q));
  const matchingCastaways = seasons
    .flatMap((s) => castawaysOf(s.id))
    .filter((c) => castawayMatches(c, q) || matches(c.seasonName, q))
    .sort(bySeasonNumber);
  return { seasons: matchingSeasons, castaways: uniqueByName(matchingCastaways) };
}
