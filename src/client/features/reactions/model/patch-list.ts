/**
 * The fields of a list that the reactions read and change. Both the card
 * (ListCardDto) and the full list (ListDetailDto) have this shape.
 */
export interface ReactionTarget {
  id: string;
  userId: string;
  upvoteCount: number;
  viewer?: { upvoted: boolean; favorited: boolean };
}

export interface ListRef {
  ownerId: string;
  listId: string;
}

export type ReactionPatch = { upvoted: boolean; upvoteCount: number } | { favorited: boolean };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isTarget(value: Record<string, unknown>, ref: ListRef): boolean {
  return value.id === ref.listId && value.userId === ref.ownerId && typeof value.upvoteCount === "number";
}

function applyPatch(list: Record<string, unknown>, patch: ReactionPatch): Record<string, unknown> {
  const viewer = isRecord(list.viewer) ? list.viewer : { upvoted: false, favorited: false };
  if ("favorited" in patch) return { ...list, viewer: { ...viewer, favorited: patch.favorited } };
  return {
    ...list,
    upvoteCount: Math.max(0, patch.upvoteCount),
    viewer: { ...viewer, upvoted: patch.upvoted },
  };
}

/**
 * Returns `data` with every copy of one list changed by `patch`, wherever it
 * sits (a detail, a page of cards, home's blocks, a profile). Each feature
 * shapes its cache as it likes; a list is recognised by its id, owner and
 * upvote count. Unchanged branches keep their identity, so only what changed
 * re-renders; `data` itself comes back when the list is not in it.
 */
export function patchListIn<T>(data: T, ref: ListRef, patch: ReactionPatch, depth = 0): T {
  if (!isRecord(data) || depth > 8) return data;
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item: unknown) => {
      const patched = patchListIn(item, ref, patch, depth + 1);
      if (patched !== item) changed = true;
      return patched;
    });
    return (changed ? next : data) as T;
  }
  let result: Record<string, unknown> = isTarget(data, ref) ? applyPatch(data, patch) : data;
  for (const [key, value] of Object.entries(result)) {
    if (!isRecord(value)) continue;
    const patched = patchListIn(value, ref, patch, depth + 1);
    if (patched !== value) {
      if (result === data) result = { ...data };
      result[key] = patched;
    }
  }
  return result as T;
}

/** What a toggle is expected to produce, before the server answers. */
export function nextUpvote(list: ReactionTarget): { upvoted: boolean; upvoteCount: number } {
  const upvoted = !(list.viewer?.upvoted ?? false);
  return { upvoted, upvoteCount: Math.max(0, list.upvoteCount + (upvoted ? 1 : -1)) };
}

export function nextFavorite(list: ReactionTarget): { favorited: boolean } {
  return { favorited: !(list.viewer?.favorited ?? false) };
}
