import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Community Consensus results as the last fit left them, one row per slice
 * ("seasons:all", "castaways:season-20", "global:season-49"). One process
 * computes them (the one holding the consensus advisory lock) and every
 * process serves them, so they live in the database, not in a process.
 * `result` is the slice's stored form (modules/consensus/stored-result.ts).
 */
export const consensusResults = pgTable("consensus_results", {
  key: text("key").primaryKey(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
  result: jsonb("result").notNull(),
});
