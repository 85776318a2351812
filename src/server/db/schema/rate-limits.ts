import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Fixed-window counters shared by every server process (every write, sign-in,
 * idol draws). UNLOGGED (migration 0006, which drizzle does not model): a
 * crash empties it, which only restarts the windows.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});
