import type { CategorySummary } from "#shared/global-rankings.ts";
import type { submissions } from "../db/schema/index.ts";
import type { CacheDeclaration } from "./declare-cache.ts";
import type { ReaderMemo } from "./reader-memo.ts";

export type Submission = typeof submissions.$inferSelect;

/** A category's results as everyone sees them, and readers' own submissions read beside them. */
export interface SharedResults {
  category: CategorySummary;
  /** Open pages refetch on every results event: each reader's refetch then costs no query. */
  submissions: ReaderMemo<Submission | null>;
}

export const resultsCache: CacheDeclaration<string, SharedResults> = {
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
