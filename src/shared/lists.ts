import { LIMITS } from "./limits.ts";
import type { TextRule } from "./text-rules.ts";

/** Tags a person may choose, with their labels (docs/product.md, Lists and the list builder). */
export const USER_TAGS = [
  { id: "favorites", label: "Favorites" },
  { id: "social", label: "Social" },
  { id: "strategic", label: "Strategic" },
  { id: "challenge", label: "Challenge Beasts" },
  { id: "spoiler", label: "Spoiler" },
] as const;
export type UserTagId = (typeof USER_TAGS)[number]["id"];
export const USER_TAG_IDS = USER_TAGS.map((t) => t.id) as [UserTagId, ...UserTagId[]];

/** Set by the server from the items: never chosen, never shown on a list page. */
export const AUTO_TAGS = { seasons: "season-ranking", castaways: "survivor-ranking" } as const;
export type ListKind = keyof typeof AUTO_TAGS;
export const AUTO_TAG_IDS: readonly string[] = Object.values(AUTO_TAGS);

export const LIST_MESSAGES = {
  nameRequired: "Please enter a name for your list",
  nameTooLong: `List name must be at most ${LIMITS.listNameMax} characters.`,
  descriptionTooLong: `Description must be at most ${LIMITS.listDescriptionMax} characters.`,
  // Our own rule (docs/product.md, Names and texts).
  nameControl: "List name cannot contain line breaks, tabs or other control characters.",
  descriptionControl: "Description cannot contain control characters.",
  mixSeasonsFirst: "Cannot mix seasons and contestants.",
  mixContestantsFirst: "Cannot mix contestants and seasons.",
  mixAlertHasContestants:
    "Cannot mix seasons and contestants in the same list. This list already contains individual contestants.",
  mixAlertHasSeasons:
    "Cannot mix seasons and contestants in the same list. This list already contains seasons.",
  tooManyItems: `A list can hold at most ${LIMITS.listItemsMax} entries.`,
  tooManyLists: `You can have at most ${LIMITS.listsPerUser} lists. Delete one to make room for a new one.`,
  // Clearing is undoable (docs/product.md, Create and edit a list): the question says so.
  clearConfirm: "Are you sure you want to clear this list? You can bring it back with Undo.",
  saveFailed: "Failed to save your list. Please try again.",
  deleteFailed: "Failed to delete list. Please try again.",
  notFoundForEdit: "List not found. It may have been deleted.",
  loadForEditFailed: "Failed to load the list for editing. It may have been deleted.",
  userForEditFailed: "Failed to load user data for editing.",
  errorLoadingForEdit: "An error occurred while loading the list.",
} as const;

/** A list's name: one line, required (docs/product.md, Names and texts). */
export const LIST_NAME_RULE: TextRule = {
  kind: "line",
  max: LIMITS.listNameMax,
  messages: {
    empty: LIST_MESSAGES.nameRequired,
    tooLong: LIST_MESSAGES.nameTooLong,
    control: LIST_MESSAGES.nameControl,
  },
};

/** A list's description: free text with line breaks, may be empty. */
export const LIST_DESCRIPTION_RULE: TextRule = {
  kind: "text",
  max: LIMITS.listDescriptionMax,
  messages: { tooLong: LIST_MESSAGES.descriptionTooLong, control: LIST_MESSAGES.descriptionControl },
};

/** Season ids are 's' plus the number; castaway appearance ids are '{seasonId}-{slug}'. */
export const SEASON_ID = /^s\d{1,3}$/;
export const ITEM_ID = /^s\d{1,3}(-[a-z0-9-]{1,80})?$/;
export const isSeasonId = (id: string) => SEASON_ID.test(id);

export function kindOfItems(ids: readonly string[]): ListKind | null {
  if (ids.length === 0) return null;
  return isSeasonId(ids[0]!) ? "seasons" : "castaways";
}

/** Drops repeats silently, keeping each entry's first place (docs/product.md, Lists and the list builder). */
export function dedupeIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** The tags a saved list carries: chosen ones (known, once each) plus the automatic one. */
export function effectiveTags(chosen: readonly string[], kind: ListKind | null): string[] {
  const user = USER_TAG_IDS.filter((t) => chosen.includes(t));
  return kind ? [...user, AUTO_TAGS[kind]] : user;
}

/** Shown on cards: 'Survivor: Borneo' → 'Borneo', 'Survivor 41' → '41'. */
export function stripSurvivorPrefix(name: string): string {
  return name.replace(/^Survivor(: | )/, "");
}

/** On the list page seasons 41 to 48 show as 'Season {n}' (docs/product.md, Seasons and castaways). */
export function seasonDisplayName(name: string, number: number): string {
  return number >= 41 && number <= 48 ? `Season ${number}` : name;
}

/** A season or castaway appearance as lists show it (and as the reference data names it). */
export interface ListEntry {
  id: string;
  name: string;
  isSeason: boolean;
  seasonId: string;
  seasonName: string;
  seasonNumber: number;
}

/** A list as its card shows it: everything but the entries past the preview. */
export interface ListSummary {
  id: string;
  userId: string;
  userName: string;
  /** The owner's profile picture (null: the placeholder). */
  userPictureUrl: string | null;
  name: string;
  description: string;
  tags: string[];
  kind: "seasons" | "castaways" | null;
  upvoteCount: number;
  itemCount: number;
  createdAt: string;
  updatedAt: string;
  preview: ListEntry[];
}

/** A card with the reader's own flags on it. */
export interface ListCard extends ListSummary {
  viewer: { favorited: boolean; upvoted: boolean };
}
