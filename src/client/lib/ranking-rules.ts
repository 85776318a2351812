// Editing a ranking (the list builder and the home page's reference lists): pure rules.
import { kindOfItems, LIST_MESSAGES } from "#shared/lists.ts";
import { LIMITS } from "#shared/limits.ts";

/** Which way a list and a newcomer disagree: what the list already holds. */
export type MixConflict = "list-has-seasons" | "list-has-contestants";

export function mixConflict(ids: readonly string[], incoming: { isSeason: boolean }): MixConflict | null {
  const kind = kindOfItems(ids);
  if (kind === "seasons" && !incoming.isSeason) return "list-has-seasons";
  if (kind === "castaways" && incoming.isSeason) return "list-has-contestants";
  return null;
}

/** The inline text of a refused drop (or desktop click), shown for 3 seconds. */
export function mixInlineMessage(conflict: MixConflict): string {
  return conflict === "list-has-seasons" ? LIST_MESSAGES.mixSeasonsFirst : LIST_MESSAGES.mixContestantsFirst;
}

/** The alert text of a refused tap-to-add on a phone. */
export function mixAlertMessage(conflict: MixConflict): string {
  return conflict === "list-has-seasons"
    ? LIST_MESSAGES.mixAlertHasSeasons
    : LIST_MESSAGES.mixAlertHasContestants;
}

export type AddResult =
  | { kind: "added"; items: string[] }
  /** Already in the list, or the list is full: nothing happens, nothing is said. */
  | { kind: "ignored" }
  | { kind: "mixed"; conflict: MixConflict };

/** Puts `item` at `index` (clamped; the end by default) unless it is there already or would mix kinds. */
export function addItem(
  ids: readonly string[],
  item: { id: string; isSeason: boolean },
  index: number = ids.length,
): AddResult {
  if (ids.includes(item.id) || ids.length >= LIMITS.listItemsMax) return { kind: "ignored" };
  const conflict = mixConflict(ids, item);
  if (conflict) return { kind: "mixed", conflict };
  const at = Math.max(0, Math.min(index, ids.length));
  return { kind: "added", items: [...ids.slice(0, at), item.id, ...ids.slice(at)] };
}

const idOf = (item: string | { id: string }) => (typeof item === "string" ? item : item.id);

/** Drops the entry with this id (entries are ids or objects carrying one). */
export function removeItem<T extends string | { id: string }>(items: readonly T[], id: string): T[] {
  return items.filter((x) => idOf(x) !== id);
}

/** Whether moving `from` to `to` changes anything in a list of `count` entries. */
export function isMove(count: number, from: number, to: number): boolean {
  return from !== to && from >= 0 && to >= 0 && from < count && to < count;
}

/** Moves the entry at `from` to `to`; out-of-range moves change nothing. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (!isMove(items.length, from, to)) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

interface VerticalRect {
  top: number;
  height: number;
}

/**
 * Where a dragged newcomer lands when it is over the row at `overIndex`:
 * before that row when its centre is above the row's centre, after it otherwise.
 * With no row under it (the empty part of the list) it goes to the end.
 */
export function insertionIndex(
  count: number,
  over: { index: number; rect: VerticalRect } | null,
  active: VerticalRect | null,
): number {
  if (!over || over.index < 0) return count;
  if (!active) return over.index + 1;
  const activeCenter = active.top + active.height / 2;
  const overCenter = over.rect.top + over.rect.height / 2;
  return activeCenter < overCenter ? over.index : over.index + 1;
}
