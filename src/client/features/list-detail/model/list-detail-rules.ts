import { ApiClientError } from "#client/lib/api-client.ts";
import type { ListEntryDto } from "#server/api-types.ts";
import { AUTO_TAG_IDS, seasonDisplayName, USER_TAGS } from "#shared/lists.ts";
import { pathTo } from "#shared/routes.ts";

/** Texts of the list page (docs/product.md, List page). */
export const LIST_DETAIL_MESSAGES = {
  loading: "Loading list details...",
  missingParams: "Missing userId or listId",
  userNotFound: "User not found",
  noLists: "No lists found for this user",
  listNotFound: "List not found",
  loadFailed: "Failed to load list. Please try again later.",
  goBack: "Go Back",
  empty: "This list is empty",
  spoilers: "Contains Spoilers",
  revealSpoilers: "Reveal spoilers",
  authorTitle: "View all rankings by this user",
  editDesktop: "Edit List",
  editMobile: "Edit My List",
  unknownUser: "Unknown User",
} as const;

const KNOWN_NOT_FOUND: readonly string[] = [
  LIST_DETAIL_MESSAGES.userNotFound,
  LIST_DETAIL_MESSAGES.noLists,
  LIST_DETAIL_MESSAGES.listNotFound,
];

/** The server's not-found reasons are shown as they are; anything else gets the default failure text. */
export function listDetailErrorMessage(error: unknown): string {
  if (error instanceof ApiClientError && error.status === 404 && KNOWN_NOT_FOUND.includes(error.message)) {
    return error.message;
  }
  return LIST_DETAIL_MESSAGES.loadFailed;
}

export interface TagChip {
  id: string;
  label: string;
}

/** Tags as chips: chosen tags by their labels; the automatic kind tags are never shown. */
export function visibleTags(tags: readonly string[]): TagChip[] {
  return tags
    .filter((id) => !AUTO_TAG_IDS.includes(id))
    .map((id) => ({ id, label: USER_TAGS.find((t) => t.id === id)?.label ?? id }));
}

export const isSpoilerList = (tags: readonly string[]) => tags.includes("spoiler");

/** An entry's main line: a castaway's name, or a season's name (41 to 48 as 'Season {n}'). */
export function entryTitle(entry: ListEntryDto): string {
  return entry.isSeason ? seasonDisplayName(entry.name, entry.seasonNumber) : entry.name;
}

/** A castaway's season under the name; seasons have none. */
export function entrySeasonLine(entry: ListEntryDto): string | null {
  if (entry.isSeason || !entry.seasonName) return null;
  return seasonDisplayName(entry.seasonName, entry.seasonNumber);
}

/** Where the visitor came from (navigation state 'source', default 'other'; home sets 'home'). */
export type ListSource = "home" | "other";

export function readSource(state: unknown): ListSource {
  return typeof state === "object" && state !== null && (state as { source?: unknown }).source === "home"
    ? "home"
    : "other";
}

/**
 * The create screen in edit mode, as the lists feature addresses it:
 * `/create?edit={listId}&user={ownerId}` (reloadable).
 */
export function editListPath(listId: string, ownerId: string): string {
  return `/create?${new URLSearchParams({ edit: listId, user: ownerId }).toString()}`;
}

export const authorPath = (userId: string) => pathTo("profile", { userId });
