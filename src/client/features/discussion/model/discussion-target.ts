import type { CommentTarget } from "#shared/comments.schema.ts";

/** What a discussion belongs to: a list (owner and id) or a global ranking category. */
export type DiscussionTarget = CommentTarget;

/** Only the fields that name the target, so equal targets make equal query keys and request bodies. */
export function normalizeTarget(target: DiscussionTarget): DiscussionTarget {
  return "categoryId" in target
    ? { categoryId: target.categoryId }
    : { listUserId: target.listUserId, listId: target.listId };
}

/** Whether `data` (e.g. a realtime event's) names this target. */
export function isSameTarget(target: DiscussionTarget, data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  const other = data as Record<string, unknown>;
  if ("categoryId" in target) return other.categoryId === target.categoryId;
  return other.listUserId === target.listUserId && other.listId === target.listId;
}

/** An author's public profile (the route of src/client/app/router.tsx). */
export const profilePath = (userId: string) => `/rankings/user/${encodeURIComponent(userId)}`;
