import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/index.ts";

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/**
 * Counts one hit against `key` in a fixed window held in the database, so the
 * limit holds across server processes. Returns whether the hit is allowed.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<boolean> {
  const windowSeconds = rule.windowMs / 1000;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count });
  return (row?.count ?? 1) <= rule.max;
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
