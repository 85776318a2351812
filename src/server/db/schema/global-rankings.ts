import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/** A legacy category's imported results (frozen; never recomputed). */
export interface LegacyEntry {
  id: string;
  name: string;
  imageUrl: string;
  totalScore?: number;
}

/** A Global Rankings vote: one season's castaways, open for submissions or closed (legacy). */
export const categories = pgTable(
  "categories",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    seasonNumber: integer("season_number").notNull(),
    status: text("status", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    /** Kept in the submit transaction: the number of submissions. */
    totalSubmissions: integer("total_submissions").notNull().default(0),
    legacyTop10: jsonb("legacy_top10").$type<LegacyEntry[]>(),
    legacyTotalVotes: integer("legacy_total_votes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [check("categories_status", sql`${t.status} IN ('open', 'closed')`)],
);

/** One member's ten slots for one category (null = empty slot). */
export const submissions = pgTable(
  "submissions",
  {
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    slots: jsonb("slots").$type<(string | null)[]>().notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.userId] })],
);

/** The community totals, moved by each submission's own transaction (old points out, new in). */
export const categoryScores = pgTable(
  "category_scores",
  {
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    castawayId: text("castaway_id").notNull(),
    totalScore: integer("total_score").notNull().default(0),
    firstPlaceVotes: integer("first_place_votes").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.castawayId] }),
    // The top 10 is the first ten rows of this index.
    index("category_scores_rank_idx").on(t.categoryId, t.totalScore.desc(), t.firstPlaceVotes.desc()),
  ],
);
