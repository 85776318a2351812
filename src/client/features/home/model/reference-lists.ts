import { ApiClientError } from "#client/lib/api-client.ts";
import type { ListEntryDto, ReferenceListsDto } from "#server/api-types.ts";
import { REFERENCE_LIST_IDS, type ReferenceListId } from "#shared/reference-lists.ts";
import { addItem, isMove, mixInlineMessage, moveItem } from "#client/lib/ranking-rules.ts";
import { stripSurvivorPrefix } from "#shared/lists.ts";
import { REFERENCE_MESSAGES } from "./home-messages.ts";

// The three named reference lists (docs/product.md, Home page and reference lists), in the order shown.
export { REFERENCE_LIST_IDS, type ReferenceListId };

export const REFERENCE_LIST_LABELS: Record<ReferenceListId, string> = {
  maddysList: "Maddy's List",
  andrewsList: "Andrew's List",
  kendallsList: "Kendall's List",
};

export type ReferenceEntry = ListEntryDto;

/** GET /api/reference-lists: the snapshot plus whether this reader may edit. */
export type { ReferenceListsDto };

/** The three lists without the reader's edit right. */
export type ReferenceListsSnapshot = Omit<ReferenceListsDto, "canEdit">;

export const isReferenceListId = (value: string): value is ReferenceListId =>
  (REFERENCE_LIST_IDS as readonly string[]).includes(value);

/**
 * Whether a pushed change ('reference-lists' event: which list, saved when)
 * is news to what is shown: a push older than what is shown (it can
 * overtake a newer answer) is not.
 */
export function isNewerThanShown(
  current: ReferenceListsDto | undefined,
  pushed: { updatedAt: string },
): boolean {
  return !current?.lastUpdated || pushed.updatedAt > current.lastUpdated;
}

export function withEntries(
  dto: ReferenceListsDto,
  id: ReferenceListId,
  entries: ReferenceEntry[],
): ReferenceListsDto {
  return { ...dto, lists: { ...dto.lists, [id]: entries } };
}

/** A picked season or castaway as a list entry (the picker's item carries more; the list needs these). */
export function toEntry(item: ReferenceEntry): ReferenceEntry {
  return {
    id: item.id,
    name: item.name,
    isSeason: item.isSeason,
    seasonId: item.seasonId,
    seasonName: item.seasonName,
    seasonNumber: item.seasonNumber,
  };
}

export type AddResult =
  | { kind: "added"; entries: ReferenceEntry[] }
  /** Already in the list, or the list is full: nothing happens (duplicates are silently ignored). */
  | { kind: "ignored" }
  | { kind: "mixed"; message: string };

/** Puts `item` at `index` (clamped; the end by default) unless it is there already or would mix kinds. */
export function addEntry(
  entries: readonly ReferenceEntry[],
  item: ReferenceEntry,
  index = entries.length,
): AddResult {
  const result = addItem(
    entries.map((e) => e.id),
    item,
    index,
  );
  if (result.kind === "ignored") return result;
  if (result.kind === "mixed") return { kind: "mixed", message: mixInlineMessage(result.conflict) };
  const byId = new Map(entries.map((e) => [e.id, e]));
  return { kind: "added", entries: result.items.map((id) => byId.get(id) ?? toEntry(item)) };
}

/** Moves the entry at `from` to `to`; out-of-range or empty moves give null (nothing to save). */
export function moveEntry(
  entries: readonly ReferenceEntry[],
  from: number,
  to: number,
): ReferenceEntry[] | null {
  return isMove(entries.length, from, to) ? moveItem(entries, from, to) : null;
}

/** What an editor reads when a save fails: the server's own words for a refusal, else a retry hint. */
export function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiClientError && (error.status === 400 || error.status === 403) && error.message) {
    return error.message;
  }
  return REFERENCE_MESSAGES.saveFailed;
}

/** '12 contestants', '1 season', '0 entries': the count says what the list holds. */
export function countLabel(entries: readonly ReferenceEntry[]): string {
  const n = entries.length;
  const first = entries[0];
  const [one, many] = !first
    ? ["entry", "entries"]
    : first.isSeason
      ? ["season", "seasons"]
      : ["contestant", "contestants"];
  return `${n} ${n === 1 ? one : many}`;
}

/** 'Updated Mar 4, 2026' in the reader's locale, or null when the lists were never saved. */
export function updatedLabel(lastUpdated: string | null, locale?: string): string | null {
  if (!lastUpdated) return null;
  const date = new Date(lastUpdated);
  if (Number.isNaN(date.getTime())) return null;
  return `Updated ${date.toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" })}`;
}

/** The season line under a castaway: 'Heroes vs. Villains', or 'Season 45' for the numbered ones. */
export function seasonLine(entry: ReferenceEntry): string {
  if (entry.isSeason) return `Season ${entry.seasonNumber}`;
  const short = stripSurvivorPrefix(entry.seasonName);
  return /^\d+$/.test(short) ? `Season ${short}` : short;
}
