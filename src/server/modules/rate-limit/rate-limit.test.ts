import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "#server/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "#testing/test-db.ts";
import { hitRateLimit } from "./rate-limit.service.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(() => database.dispose());

describe("F11: the rate_limits table does not grow without bound", () => {
  it("drops rows older than a day on a process's first hit", async () => {
    const { db } = database;
    await db.insert(rateLimits).values([
      { key: "sign-in-ip:old", windowStart: sql`now() - interval '2 days'`, count: 3 },
      { key: "sign-in-ip:recent", windowStart: sql`now() - interval '1 hour'`, count: 3 },
    ]);
    expect(await hitRateLimit(db, "sign-in-ip:new", { max: 1, windowMs: 60_000 })).toBe(true);
    const keys = (await db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key).sort();
    expect(keys).toEqual(["sign-in-ip:new", "sign-in-ip:recent"]);
  });
});

describe("the counters are cheap to write", () => {
  it("are an unlogged table (no write-ahead log per hit; a crash only restarts the windows)", async () => {
    const rows = await database.db
      .select({ persistence: sql<string>`relpersistence` })
      .from(sql`pg_class`)
      .where(sql`relname = 'rate_limits'`);
    expect(rows).toEqual([{ persistence: "u" }]);
  });

  it("count concurrent hits on one key exactly (one upsert each)", async () => {
    const rule = { max: 25, windowMs: 60_000 };
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => hitRateLimit(database.db, "burst", rule)),
    );
    expect(answers.filter(Boolean)).toHaveLength(25);
  });
});
