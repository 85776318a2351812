import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { lists, publicListCounts, user } from "#server/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "#testing/test-db.ts";

// The counts of public lists by kind that triggers on lists keep (migration
// 0015; browse reads them instead of counting): after every kind of write
// they must equal a count made afresh.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  await database.db
    .insert(user)
    .values(["ann", "ben", "cat"].map((id) => ({ id, name: id, email: `${id}@example.com` })));
});
afterAll(() => database.dispose());

type Kind = "seasons" | "castaways" | null;
let next = 0;
const listRow = (userId: string, kind: Kind, isPublic = true) => ({
  userId,
  id: `list_${++next}`,
  name: `List ${next}`,
  kind,
  isPublic,
});

async function kept(): Promise<Record<string, number>> {
  const rows = await database.db.select().from(publicListCounts);
  return Object.fromEntries(rows.filter((r) => r.lists !== 0).map((r) => [r.kind, r.lists]));
}

async function counted(): Promise<Record<string, number>> {
  const { db } = database;
  const rows = await db
    .select({ kind: sql<string>`coalesce(${lists.kind}, '')`, n: sql<number>`count(*)::int` })
    .from(lists)
    .where(eq(lists.isPublic, true))
    .groupBy(sql`1`);
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}

describe("public list counts kept by the database", () => {
  it("count the lists of many rows inserted in one statement, private ones left out", async () => {
    const kinds: Kind[] = ["seasons", "castaways", null];
    await database.db
      .insert(lists)
      .values(
        Array.from({ length: 30 }, (_, i) => listRow(i % 2 ? "ann" : "ben", kinds[i % 3]!, i % 5 !== 0)),
      );
    expect(await kept()).toEqual({ seasons: 8, castaways: 8, "": 8 });
    expect(await kept()).toEqual(await counted());
  });

  it("move a list whose visibility or kind changed, and ignore every other update", async () => {
    const { db } = database;
    const [a, b] = [listRow("cat", "seasons"), listRow("cat", "castaways", false)];
    await db.insert(lists).values([a, b]);
    const before = await kept();
    await db.update(lists).set({ name: "Renamed", upvoteCount: 3 }).where(eq(lists.userId, "cat"));
    await db.update(lists).set({ isPublic: true, kind: "castaways" }).where(eq(lists.id, a.id)); // kind only
    await db.update(lists).set({ isPublic: true }).where(eq(lists.id, b.id)); // visibility only
    expect(await kept()).toEqual({
      ...before,
      seasons: before.seasons! - 1,
      castaways: before.castaways! + 2,
    });
    await db.update(lists).set({ isPublic: false, kind: null }).where(eq(lists.userId, "cat"));
    expect(await kept()).toEqual(await counted());
  });

  it("drop an account's lists when the account's removal cascades to them", async () => {
    await database.db.delete(user).where(eq(user.id, "ben"));
    expect(await kept()).toEqual(await counted());
    expect((await kept()).seasons).toBeGreaterThan(0);
  });

  it("stay right under concurrent inserts and deletes", async () => {
    const { db } = database;
    const rows = Array.from({ length: 40 }, (_, i) => listRow("cat", i % 2 ? "seasons" : "castaways"));
    await Promise.all(rows.map((row) => db.insert(lists).values(row)));
    await Promise.all(rows.slice(0, 15).map((row) => db.delete(lists).where(eq(lists.id, row.id))));
    expect(await kept()).toEqual(await counted());
  });

  it("start again from nothing when the lists are truncated", async () => {
    await database.db.execute(sql`TRUNCATE lists CASCADE`);
    expect(await kept()).toEqual({});
    await database.db.insert(lists).values(listRow("ann", "seasons"));
    expect(await kept()).toEqual({ seasons: 1 });
  });
});
