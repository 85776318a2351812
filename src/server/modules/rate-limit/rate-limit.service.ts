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
  await sweepNowAndThen(db);
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

/** Longer than any rule's window: a row this old counts for nothing. */
export const RATE_LIMIT_ROW_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
const lastSweep = new WeakMap<Db, number>();

/**
 * Keys include addresses and emails, so the table would grow with every
 * visitor: each process deletes expired rows on its first hit and then at
 * most every ten minutes.
 */
async function sweepNowAndThen(db: Db, now = Date.now()): Promise<void> {
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_INTERVAL_MS) return;
  lastSweep.set(db, now);
  await sweepRateLimits(db);
}

export async function sweepRateLimits(db: Db): Promise<void> {
  const ttlSeconds = RATE_LIMIT_ROW_TTL_MS / 1000;
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${ttlSeconds})`);
}
