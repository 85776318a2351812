import { sql } from "drizzle-orm";
import { lists } from "./schema/index.ts";

/**
 * A list's creation time in whole milliseconds, rounded down, as `save_list`
 * answers it too (migration 0016). The database keeps microseconds: a list
 * created at or after a whole millisecond `b` is the one whose value here is
 * `b` or more, the rule by which a count read in slices of creation time
 * tells which slice holds a list (browse/count-matches.ts).
 */
export const listCreatedAtMs = sql<number>`floor(extract(epoch FROM ${lists.createdAt}) * 1000)::float8`;
