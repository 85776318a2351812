// A vote of ten fixed slots (docs/product.md, Global Rankings): pure rules.
import { alreadyRanked, GLOBAL_MESSAGES, GLOBAL_SLOTS } from "#shared/global-rankings.ts";

/** Ten places, each a castaway id or empty. */
export type VoteSlots = readonly (string | null)[];

export const emptySlots = (): (string | null)[] => Array.from({ length: GLOBAL_SLOTS }, () => null);

/** A stored submission as ten slots (shorter or longer arrays are padded or cut). */
export function slotsFrom(stored: readonly (string | null)[] | null | undefined): (string | null)[] {
  return emptySlots().map((_, i) => stored?.[i] ?? null);
}

export interface Candidate {
  id: string;
  name: string;
  isSeason: boolean;
  seasonNumber: number;
}

export type PlaceResult =
  | { kind: "placed"; slots: (string | null)[] }
  /** Already in that very slot: nothing to do, nothing to say. */
  | { kind: "unchanged" }
  | { kind: "refused"; message: string };

/** Seasons cannot be dropped into a castaway vote; said in words, not just ignored. */
export const SEASON_REFUSED = "Seasons cannot be ranked here: pick a castaway.";

/**
 * Puts `item` into slot `index` (replacing whoever was there), unless it is a
 * season, a castaway of another season, or ranked in another slot already.
 * `index` null means no slot was chosen first.
 */
export function placeInSlot(
  slots: VoteSlots,
  index: number | null,
  item: Candidate,
  seasonNumber: number,
): PlaceResult {
  if (item.isSeason) return { kind: "refused", message: SEASON_REFUSED };
  if (item.seasonNumber !== seasonNumber) return { kind: "refused", message: GLOBAL_MESSAGES.notInSeason };
  if (index === null || index < 0 || index >= slots.length) {
    return { kind: "refused", message: GLOBAL_MESSAGES.selectSlotFirst };
  }
  const existing = slots.indexOf(item.id);
  if (existing === index) return { kind: "unchanged" };
  if (existing >= 0) return { kind: "refused", message: alreadyRanked(item.name, existing + 1) };
  const next = [...slots];
  next[index] = item.id;
  return { kind: "placed", slots: next };
}

/** Empties one slot; the others keep their places. */
export function clearSlot(slots: VoteSlots, index: number): (string | null)[] {
  return slots.map((id, i) => (i === index ? null : id));
}

/**
 * Moves the content of slot `from` to slot `to`, the slots between shifting by
 * one (as the rows slide while dragging, and as move up/down swaps neighbours).
 */
export function moveSlot(slots: VoteSlots, from: number, to: number): (string | null)[] {
  const next = [...slots];
  if (from === to || from < 0 || to < 0 || from >= next.length || to >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved ?? null);
  return next;
}

/** After filling slot `index`, the next empty slot below it, else the first empty one, else none. */
export function nextEmptySlot(slots: VoteSlots, index: number): number | null {
  for (let i = index + 1; i < slots.length; i++) if (slots[i] === null) return i;
  const first = slots.indexOf(null);
  return first >= 0 ? first : null;
}

export const filledCount = (slots: VoteSlots) => slots.filter((s) => s !== null).length;

/** Why a vote cannot be sent yet, in the words shown; null when it can. */
export function submitProblem(slots: VoteSlots | null): string | null {
  if (!slots || slots.length !== GLOBAL_SLOTS) return GLOBAL_MESSAGES.dataMissing;
  if (filledCount(slots) === 0) return GLOBAL_MESSAGES.emptySubmission;
  return null;
}

/** Whether two votes hold the same castaways in the same slots. */
export const sameSlots = (a: VoteSlots, b: VoteSlots) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** What a screen reader hears after a move: 'Savannah Louie moved to position 3 of 10'. */
export const movedAnnouncement = (name: string, position: number) =>
  `${name} moved to position ${position} of ${GLOBAL_SLOTS}`;
export const placedAnnouncement = (name: string, position: number) =>
  `${name} placed at position ${position} of ${GLOBAL_SLOTS}`;
export const removedAnnouncement = (name: string, position: number) =>
  `${name} removed from position ${position}`;
export const selectedAnnouncement = (position: number) =>
  `Position ${position} selected: pick a castaway to fill it`;
