import { index, integer, pgTable, text } from "drizzle-orm/pg-core";

export const seasons = pgTable("seasons", {
  id: text("id").primaryKey(),
  number: integer("number").notNull().unique(),
  name: text("name").notNull(),
  premiered: text("premiered"),
});

/** One row per appearance: a castaway who played three seasons has three rows. */
export const castaways = pgTable(
  "castaways",
  {
    id: text("id").primaryKey(),
    seasonId: text("season_id")
      .notNull()
      .references(() => seasons.id),
    slug: text("slug").notNull(),
    castawayId: text("castaway_id").notNull(),
    name: text("name").notNull(),
    shortName: text("short_name").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [index("castaways_season_idx").on(t.seasonId, t.position)],
);
