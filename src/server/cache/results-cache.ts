import type { CategorySummary } from "#shared/global-rankings.ts";
import type { submissions } from "../db/schema/index.ts";
import type { CacheDeclaration } from "./declare-cache.ts";

export type Submission = typeof submissions.$inferSelect;

/** A category's results as everyone sees them. */
export const resultsCache: CacheDeclaration<string, CategorySummary> = {
  name: "Global Rankings results per category",
  key: (categoryId) => categoryId,
  bound: { entries: 200, ttlMs: 2_000 },
  derivesFrom: {
    "submission-saved": (results, e) => results.drop((id) => id === e.categoryId),
    "category-changed": (results, e) => results.drop((id) => id === e.categoryId),
    // The top 10's rank ranges come with each consensus refresh.
    "consensus-computed": (results) => results.clear(),
  },
};

export interface OwnSubmissionKey {
  categoryId: string;
  userId: string;
}

/**
 * Each reader's own submission to a category, read beside its results. Open
 * pages refetch on every results event, and only the reader's own vote
 * changes their submission: another member's vote leaves it (and this) be.
 */
export const ownSubmissionsCache: CacheDeclaration<OwnSubmissionKey, Submission | null> = {
  name: "each reader's own Global Rankings submission, per category",
  key: (k) => `${k.categoryId}\u0000${k.userId}`,
  group: (k) => k.categoryId,
  bound: { entries: 20_000, ttlMs: 60_000 },
  derivesFrom: {
    "submission-saved": (own, e) => own.forget({ categoryId: e.categoryId, userId: e.userId }),
    // Closing, recounting or importing, and an account's deletion, which takes its submissions.
    "category-changed": (own, e) => own.dropGroup(e.categoryId),
  },
};
