import { sql } from "drizzle-orm";
import { lists } from "./schema/index.ts";

/**
 * A list's creation time in whole milliseconds, rounded down, as `save_list`
 * answers it too (migration 0016): every list write's event carries it, so
 * cached browse pages in creation order that end before the list keep their
 * cards (browse-caches.ts, afterListWrite).
 */
export const listCreatedAtMs = sql<number>`floor(extract(epoch FROM ${lists.createdAt}) * 1000)::float8`;
