import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "#server/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "#testing/test-db.ts";
import { createRateLimiter, MEMORY_KEYS_MAX, type RateLimiter } from "./rate-limiter.ts";

let database: TestDatabase;
let shared: RateLimiter;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  shared = createRateLimiter(database.db, { soleProcess: false });
});
afterAll(() => database.dispose());

describe("the rate_limits table does not grow without bound", () => {
  it("drops rows older than a day on a process's first hit", async () => {
    const { db } = database;
    await db.insert(rateLimits).values([
      { key: "sign-in-ip:old", windowStart: sql`now() - interval '2 days'`, count: 3 },
      { key: "sign-in-ip:recent", windowStart: sql`now() - interval '1 hour'`, count: 3 },
    ]);
    expect(await shared.hit("sign-in-ip:new", { max: 1, windowMs: 60_000 })).toBe(true);
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
    const answers = await Promise.all(Array.from({ length: 40 }, () => shared.hit("burst", rule)));
    expect(answers.filter(Boolean)).toHaveLength(25);
  });

  it("count hits on several keys at once each against its own rule, in one statement's batch", async () => {
    const a = { max: 5, windowMs: 60_000 };
    const b = { max: 3, windowMs: 120_000 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? shared.hit("batch-b", b) : shared.hit("batch-a", a))),
    );
    expect(answers.filter((ok, i) => ok && i % 2 === 0)).toHaveLength(5);
    expect(answers.filter((ok, i) => ok && i % 2 === 1)).toHaveLength(3);
    const counts = await database.db
      .select({ key: rateLimits.key, count: rateLimits.count })
      .from(rateLimits)
      .where(sql`${rateLimits.key} LIKE 'batch-%'`)
      .orderBy(rateLimits.key);
    expect(counts).toEqual([
      { key: "batch-a", count: 10 },
      { key: "batch-b", count: 10 },
    ]);
  });

  it("start a window over once it has ended", async () => {
    await database.db
      .insert(rateLimits)
      .values({ key: "ended", windowStart: sql`now() - interval '2 minutes'`, count: 99 });
    const rule = { max: 2, windowMs: 60_000 };
    const answers = await Promise.all([
      shared.hit("ended", rule),
      shared.hit("ended", rule),
      shared.hit("ended", rule),
    ]);
    expect(answers).toEqual([true, true, false]);
  });
});

describe("counters of a database only this process opens (PGlite)", () => {
  let sole: TestDatabase;
  let limits: RateLimiter;
  beforeAll(async () => {
    sole = await createTestDatabase({ seed: false });
    limits = createRateLimiter(sole.db, { soleProcess: true });
  });
  afterAll(() => sole.dispose());
  const tableKeys = async () =>
    (await sole.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);

  it("count exactly, in memory, and start a window over when it ends", async () => {
    const rule = { max: 25, windowMs: 300 };
    const answers = await Promise.all(Array.from({ length: 40 }, () => limits.hit("burst", rule)));
    expect(answers.filter(Boolean)).toHaveLength(25);
    expect(await tableKeys()).toEqual([]);
    await new Promise((r) => setTimeout(r, 350));
    expect(await limits.hit("burst", rule)).toBe(true);
  });

  it("are cleared by clear and clearAll", async () => {
    const rule = { max: 1, windowMs: 60_000 };
    expect(await limits.hit("one", rule)).toBe(true);
    expect(await limits.hit("one", rule)).toBe(false);
    await limits.clear("one");
    expect(await limits.hit("one", rule)).toBe(true);
    await limits.clearAll();
    expect(await limits.hit("one", rule)).toBe(true);
  });

  it("past MEMORY_KEYS_MAX live keys, count new keys in the table", async () => {
    await limits.clearAll();
    const rule = { max: 1, windowMs: 60_000 };
    for (let i = 0; i < MEMORY_KEYS_MAX; i++) await limits.hit(`k${i}`, rule);
    expect(await tableKeys()).toEqual([]);
    expect(await limits.hit("overflow", rule)).toBe(true);
    expect(await limits.hit("overflow", rule)).toBe(false);
    expect(await tableKeys()).toEqual(["overflow"]);
    await limits.clearAll();
  });
});

describe("a deleted member's counters", () => {
  it("are forgotten from a sole process's memory, and only theirs", async () => {
    const sole = createRateLimiter(database.db, { soleProcess: true });
    const rule = { max: 1, windowMs: 60_000 };
    for (const key of ["write:member-1", "sign-up:Gone@Example.com", "write:member-2"]) {
      expect(await sole.hit(key, rule)).toBe(true);
      expect(await sole.hit(key, rule)).toBe(false);
    }
    await sole.forgetKeysContaining(["member-1", "gone@example.com"]);
    expect(await sole.hit("write:member-1", rule)).toBe(true);
    expect(await sole.hit("sign-up:Gone@Example.com", rule)).toBe(true);
    expect(await sole.hit("write:member-2", rule)).toBe(false);
  });
});
