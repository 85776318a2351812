import type { CommentTarget } from "#shared/comments.schema.ts";
import { pathTo } from "#shared/routes.ts";

/** What a discussion belongs to: a list (owner and id) or a global ranking category. */
export type DiscussionTarget = CommentTarget;

/** Only the fields that name the target, so equal targets make equal query keys and request bodies. */
export function normalizeTarget(target: DiscussionTarget): DiscussionTarget {
  return "categoryId" in target
    ? { categoryId: target.categoryId }
    : { listUserId: target.listUserId, listId: target.listId };
}

/** Whether `other` (a query's, or a live event's) names the same discussion as `target`. */
export function isSameTarget(target: DiscussionTarget, other: DiscussionTarget): boolean {
  if ("categoryId" in target) return "categoryId" in other && other.categoryId === target.categoryId;
  return "listId" in other && other.listUserId === target.listUserId && other.listId === target.listId;
}

/** An author's public profile (the route of src/client/app/router.tsx). */
export const profilePath = (userId: string) => pathTo("profile", { userId });
