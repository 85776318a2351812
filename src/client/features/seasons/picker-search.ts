import type { PickItem } from "#client/lib/pick-item.ts";

export interface PickerSearchResult {
  /** Seasons whose name holds the query, by season number. */
  seasons: PickItem[];
  /** Castaways whose name (or season name) holds the query, one per name, by season number. */
  castaways: PickItem[];
}

export const EMPTY_SEARCH: PickerSearchResult = { seasons: [], castaways: [] };

export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase();
}

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
 * The picker's search: case-insensitive substring match. Castaways are sorted
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
  const matchingSeasons = seasons.filter((s) => s.name.toLowerCase().includes(q));
  const matchingCastaways = seasons
    .flatMap((s) => castawaysOf(s.id))
    .filter((c) => c.name.toLowerCase().includes(q) || c.seasonName.toLowerCase().includes(q))
    .sort(bySeasonNumber);
  return { seasons: matchingSeasons, castaways: uniqueByName(matchingCastaways) };
}
