import { LIMITS } from "#shared/limits.ts";
import { dedupeIds, ITEM_ID, USER_TAG_IDS } from "#shared/lists.ts";

/** What the create screen edits. Items are season or appearance ids, in rank order. */
export interface EditorState {
  items: string[];
  name: string;
  description: string;
  tags: string[];
  /** Set while editing a saved list (the owner is always the signed-in user). */
  editingListId: string | null;
}

export const EMPTY_EDITOR: EditorState = {
  items: [],
  name: "",
  description: "",
  tags: [],
  editingListId: null,
};

/** The session-storage draft, under the field names it is stored with. */
export interface SessionDraft {
  userList: string[];
  listName: string;
  listDescription: string;
  listTags: string[];
  editingListId: string | null;
}

/** The post-login action's data (docs/product.md, Drafts): contestants, name, description, tags, id. */
export interface PendingListData {
  contestants: string[];
  name: string;
  description: string;
  tags: string[];
  id: string | null;
}

/** Something the person typed or picked, beyond an empty form. */
export function hasContent(s: Pick<EditorState, "items" | "name" | "description" | "tags">): boolean {
  return s.items.length > 0 || s.name.trim() !== "" || s.description.trim() !== "" || s.tags.length > 0;
}

export function toSessionDraft(s: EditorState): SessionDraft {
  return {
    userList: s.items,
    listName: s.name,
    listDescription: s.description,
    listTags: s.tags,
    editingListId: s.editingListId,
  };
}

export function toPendingListData(s: EditorState): PendingListData {
  return {
    contestants: s.items,
    name: s.name,
    description: s.description,
    tags: s.tags,
    id: s.editingListId,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown, max: number) => (typeof v === "string" ? v.slice(0, max) : "");

/** Ids from stored or handed-over entries: plain ids, or objects carrying an id. */
function toIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const ids = value
    .map((x) => (typeof x === "string" ? x : isRecord(x) && typeof x.id === "string" ? x.id : null))
    .filter((x): x is string => x !== null && ITEM_ID.test(x));
  return dedupeIds(ids).slice(0, LIMITS.listItemsMax);
}

/** Chosen tags only: the automatic ones are the server's, and unknown ones are dropped. */
export function userTagsOnly(tags: unknown): string[] {
  if (!Array.isArray(tags)) return [];
  return USER_TAG_IDS.filter((t) => tags.includes(t));
}

function toState(fields: {
  items: unknown;
  name: unknown;
  description: unknown;
  tags: unknown;
  editingListId: unknown;
}): EditorState {
  return {
    items: toIds(fields.items),
    name: str(fields.name, LIMITS.listNameMax),
    description: str(fields.description, LIMITS.listDescriptionMax),
    tags: userTagsOnly(fields.tags),
    editingListId:
      typeof fields.editingListId === "string" && fields.editingListId ? fields.editingListId : null,
  };
}

/** A stored session draft, tolerant of anything malformed (null when there is nothing usable). */
export function fromSessionDraft(raw: unknown): EditorState | null {
  if (!isRecord(raw)) return null;
  return toState({
    items: raw.userList,
    name: raw.listName,
    description: raw.listDescription,
    tags: raw.listTags,
    editingListId: raw.editingListId,
  });
}

/** The list a visitor was building before signing in, handed over as navigation state. */
export function fromPendingListData(raw: unknown): EditorState | null {
  if (!isRecord(raw)) return null;
  return toState({
    items: raw.contestants,
    name: raw.name,
    description: raw.description,
    tags: raw.tags,
    editingListId: raw.id,
  });
}

export function fromServerDraft(draft: {
  name: string;
  description: string;
  tags: string[];
  items: string[];
}): EditorState {
  return toState({ ...draft, editingListId: null });
}

export function fromSavedList(list: {
  id: string;
  name: string;
  description: string;
  tags: string[];
  items: { id: string }[];
}): EditorState {
  return toState({ ...list, editingListId: list.id });
}

/** Which saved list to edit: `/create?edit={listId}&user={userId}`, or navigation state `{ editListId, userId }`. */
export interface EditTarget {
  listId: string;
  /** The owner; absent means the signed-in user. */
  ownerId: string | null;
}

export function readEditTarget(search: URLSearchParams, state: unknown): EditTarget | null {
  const fromQuery = search.get("edit");
  if (fromQuery) return { listId: fromQuery, ownerId: search.get("user") || null };
  if (isRecord(state) && typeof state.editListId === "string" && state.editListId) {
    return {
      listId: state.editListId,
      ownerId: typeof state.userId === "string" && state.userId ? state.userId : null,
    };
  }
  return null;
}

/** The address of the create screen in edit mode: reloadable, and what Edit buttons link to. */
export function editPath(listId: string, ownerId: string | null): string {
  return `/create${editSearch(listId, ownerId)}`;
}

export function editSearch(listId: string | null, ownerId: string | null): string {
  if (!listId) return "";
  const params = new URLSearchParams({ edit: listId });
  if (ownerId) params.set("user", ownerId);
  return `?${params.toString()}`;
}

export type Arrival =
  /** Start from this state at once. */
  | { kind: "ready"; state: EditorState; source: "pending" | "session" | "edit-session" | "empty" }
  /** Fetch the saved list, then start from it. */
  | { kind: "load-list"; target: EditTarget }
  /** Fetch the signed-in user's stored draft, then start from it (empty when there is none). */
  | { kind: "load-draft" };

/**
 * Where the create screen's content comes from on arrival (docs/product.md, Drafts):
 * a pending post-login action wins (applied once); then an edit of a saved
 * list (its unsaved working copy in this tab if there is one, else the saved
 * list); then this tab's session draft; then, when signed in and the form
 * would be empty, the stored draft on the server.
 */
export function resolveArrival(input: {
  pending: unknown;
  editTarget: EditTarget | null;
  sessionDraft: unknown;
  signedIn: boolean;
}): Arrival {
  const pending = fromPendingListData(input.pending);
  if (pending) return { kind: "ready", state: pending, source: "pending" };
  const session = fromSessionDraft(input.sessionDraft);
  if (input.editTarget) {
    if (session && session.editingListId === input.editTarget.listId) {
      return { kind: "ready", state: session, source: "edit-session" };
    }
    return { kind: "load-list", target: input.editTarget };
  }
  // A working copy of a saved list belongs to that edit: outside edit mode it is not a new draft.
  if (session && session.editingListId === null && hasContent(session)) {
    return { kind: "ready", state: session, source: "session" };
  }
  if (input.signedIn) return { kind: "load-draft" };
  return { kind: "ready", state: EMPTY_EDITOR, source: "empty" };
}

export type AutosaveDecision = "save" | "clear" | "none";

/**
 * Whether a change is mirrored to the server draft (2 s later): only for a
 * signed-in person building a new list. Emptying the form by hand clears the
 * stored draft, as Clear List does, so an abandoned draft does not come back.
 */
export function autosaveDecision(input: {
  state: EditorState;
  signedIn: boolean;
  changed: boolean;
}): AutosaveDecision {
  if (!input.signedIn || !input.changed || input.state.editingListId !== null) return "none";
  return hasContent(input.state) ? "save" : "clear";
}
