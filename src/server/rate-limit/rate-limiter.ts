import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { batchedRead } from "../db/batched-reads.ts";
import { rateLimits } from "../db/schema/index.ts";
import { textArray } from "../db/text-array.ts";

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

interface Window {
  startedAt: number;
  endsAt: number;
  count: number;
}

/** Fixed-window counters, one per key (an account's or an address's use of one kind of write). */
export interface RateLimiter {
  /** Counts one hit against `key`; whether it is allowed. */
  hit(key: string, rule: RateLimitRule): Promise<boolean>;
  clear(key: string): Promise<void>;
  /**
   * Drops the counters held in this process's memory whose key contains any
   * of `parts` (a deleted member's id and email); their rows in the table go
   * in the deletion's own transaction.
   */
  forgetKeysContaining(parts: readonly string[]): Promise<void>;
  /** Starts every window over (tests, an operator lifting a block). */
  clearAll(): Promise<void>;
}

export const MEMORY_KEYS_MAX = 200_000;
/** Longer than any rule's window: a row this old counts for nothing. */
export const RATE_LIMIT_ROW_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Counters held in the database, so a limit holds across server processes.
 * For a database only one process can open (`soleProcess`: PGlite locks its
 * data directory) nobody else counts against the same keys, so they are kept
 * in this process's memory instead (the table's upsert was a third of a write
 * request's queries); past MEMORY_KEYS_MAX keys, after dropping finished
 * windows, new keys are counted in the table as on PostgreSQL.
 */
export function createRateLimiter(db: Db, { soleProcess }: { soleProcess: boolean }): RateLimiter {
  const inMemory = soleProcess ? new Map<string, Window>() : null;
  let lastSweep = 0;
  const countInTable = batchedRead((hits: TableHit[]) => countHits(db, hits), {
    maxBatch: 500,
    maxInFlight: 2,
  });

  // Keys include addresses and emails, so the table would grow with every
  // visitor: each process deletes expired rows on its first hit and then at
  // most every ten minutes.
  async function sweepNowAndThen(now = Date.now()): Promise<void> {
    if (now - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    await sweepRateLimits(db);
  }

  return {
    async hit(key, rule) {
      const allowed = inMemory && hitInMemory(inMemory, key, rule);
      if (allowed !== null) return allowed;
      await sweepNowAndThen();
      const count = await countInTable({ key, windowSeconds: rule.windowMs / 1000 });
      return (count ?? 1) <= rule.max;
    },
    async clear(key) {
      inMemory?.delete(key);
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
    async forgetKeysContaining(parts) {
      if (!inMemory) return;
      for (const key of inMemory.keys()) {
        const lower = key.toLowerCase();
        if (parts.some((part) => part && (key.includes(part) || lower.includes(part)))) inMemory.delete(key);
      }
    },
    async clearAll() {
      inMemory?.clear();
      await db.delete(rateLimits);
    },
  };
}

/** One hit on a counter kept in the table; an object of its own, so two hits on one key are two. */
interface TableHit {
  key: string;
  windowSeconds: number;
}

/**
 * Counts a batch of hits in one statement (the hits of every request that
 * arrived meanwhile: batchedRead), each hit answered with its own place in
 * its window. Under the mixed workload on PostgreSQL a write request counted
 * three hits, one upsert and one round trip each: the largest wait of all
 * (docs/performance.md). Hits on one key go in as one row with their number;
 * the n hits get the window's counts before the statement plus 1 to n.
 */
async function countHits(db: Db, hits: TableHit[]): Promise<Map<TableHit, number>> {
  const byKey = new Map<string, TableHit[]>();
  for (const hit of hits) {
    const same = byKey.get(hit.key);
    if (same) same.push(hit);
    else byKey.set(hit.key, [hit]);
  }
  const keys = [...byKey.keys()];
  const counts = keys.map((k) => String(byKey.get(k)!.length));
  // A key is one rule's: its hits share the window.
  const windows = keys.map((k) => String(byKey.get(k)![0]!.windowSeconds));
  const result = (await db.execute(sql`
    WITH hits AS (
      SELECT * FROM unnest(${textArray(keys)}, ${textArray(counts)}::int[], ${textArray(windows)}::float8[]) AS h(key, n, secs)
    )
    INSERT INTO ${rateLimits} (key, window_start, count)
    SELECT key, now(), n FROM hits
    ON CONFLICT (key) DO UPDATE SET
      count = CASE
        WHEN ${rateLimits.windowStart} < now() - make_interval(secs => (SELECT secs FROM hits WHERE hits.key = excluded.key))
        THEN excluded.count ELSE ${rateLimits.count} + excluded.count END,
      window_start = CASE
        WHEN ${rateLimits.windowStart} < now() - make_interval(secs => (SELECT secs FROM hits WHERE hits.key = excluded.key))
        THEN now() ELSE ${rateLimits.windowStart} END
    RETURNING key, count`)) as unknown as { rows: { key: string; count: number }[] };
  const answers = new Map<TableHit, number>();
  for (const { key, count } of result.rows) {
    const same = byKey.get(key)!;
    same.forEach((hit, i) => answers.set(hit, Number(count) - same.length + i + 1));
  }
  return answers;
}

/** The hit counted in memory, or null when memory is full (the table counts it instead). */
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

export async function sweepRateLimits(db: Db): Promise<void> {
  const ttlSeconds = RATE_LIMIT_ROW_TTL_MS / 1000;
  await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - make_interval(secs => ${ttlSeconds})`);
}
