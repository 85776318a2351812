import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { rateLimits } from "../../db/schema/index.ts";

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

interface Window {
  startedAt: number;
  endsAt: number;
  count: number;
}

/**
 * Counters kept in memory for a database only one process can open (PGlite
 * locks its data directory): nobody else counts against the same keys, so the
 * table's upsert (a third of a write request's queries) buys nothing there.
 * Bounded: past MEMORY_KEYS_MAX keys, after dropping the finished windows,
 * new keys are counted in the table as on PostgreSQL.
 */
const soleProcessCounters = new WeakMap<Db, Map<string, Window>>();
export const MEMORY_KEYS_MAX = 200_000;

/** Counts `db`'s limits in this process's memory (only for a database no other process opens). */
export function countLimitsInMemory(db: Db): void {
  if (!soleProcessCounters.has(db)) soleProcessCounters.set(db, new Map());
}

function hitInMemory(counters: Map<string, Window>, key: string, rule: RateLimitRule): boolean | null {
  const now = Date.now();
  let window = counters.get(key);
  if (!window || window.startedAt + rule.windowMs <= now) {
    if (!window && counters.size >= MEMORY_KEYS_MAX) {
      for (const [k, w] of counters) if (w.endsAt <= now) counters.delete(k);
      if (counters.size >= MEMORY_KEYS_MAX) return null;
    }
    window = { startedAt: now, endsAt: now + rule.windowMs, count: 0 };
    counters.set(key, window);
  }
  window.count += 1;
  return window.count <= rule.max;
}

/**
 * Counts one hit against `key` in a fixed window held in the database, so the
 * limit holds across server processes (in memory where only one process can
 * open the database). Returns whether the hit is allowed.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<boolean> {
  const counters = soleProcessCounters.get(db);
  const inMemory = counters && hitInMemory(counters, key, rule);
  if (inMemory !== undefined && inMemory !== null) return inMemory;
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
  soleProcessCounters.get(db)?.delete(key);
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Starts every window over (tests, an operator lifting a block). */
export async function clearAllRateLimits(db: Db): Promise<void> {
  soleProcessCounters.get(db)?.clear();
  await db.delete(rateLimits);
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
