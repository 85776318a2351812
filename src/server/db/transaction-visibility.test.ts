import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, sql } from "drizzle-orm";
import { lists, user } from "#server/db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "#testing/test-db.ts";
import { parseSnapshot, readSnapshot, sawTransaction, writeTransaction } from "./transaction-visibility.ts";

describe("a snapshot's text", () => {
  it("reads bounds and the transactions under way", () => {
    expect(parseSnapshot("10:20:12,15")).toEqual({ xmin: 10n, xmax: 20n, running: [12n, 15n] });
    expect(parseSnapshot("748:748:")).toEqual({ xmin: 748n, xmax: 748n, running: [] });
  });

  it("refuses anything else", () => {
    expect(() => parseSnapshot("10:20")).toThrow(/Not a snapshot/);
    expect(() => parseSnapshot("a:b:")).toThrow(/Not a snapshot/);
  });

  it("saw what ended before it, not what ran or came after", () => {
    const snapshot = parseSnapshot("10:20:12,15");
    expect(sawTransaction(snapshot, "9")).toBe(true);
    expect(sawTransaction(snapshot, "11")).toBe(true);
    expect(sawTransaction(snapshot, "12")).toBe(false);
    expect(sawTransaction(snapshot, "19")).toBe(true);
    expect(sawTransaction(snapshot, "20")).toBe(false);
    // Past 2^53 (an old database's epochs): compared exactly.
    const far = parseSnapshot("9007199254740993:9007199254740995:");
    expect(sawTransaction(far, "9007199254740994")).toBe(true);
    expect(sawTransaction(far, "9007199254740995")).toBe(false);
  });
});

describe("on the database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
    await database.db.insert(user).values({ id: "ann", name: "ann", email: "ann@example.com" });
  });
  afterAll(() => database.dispose());

  const countWithSnapshot = async () => {
    const [row] = await database.db.select({ n: count(), seen: readSnapshot }).from(lists);
    return { n: row!.n, seen: parseSnapshot(row!.seen) };
  };

  it("a count's snapshot shows the writes it counted and not those after it", async () => {
    const before = await countWithSnapshot();
    const [written] = await database.db
      .insert(lists)
      .values({ userId: "ann", id: "list_1", name: "One" })
      .returning({ transactionId: writeTransaction });
    const after = await countWithSnapshot();
    expect(after.n).toBe(before.n + 1);
    expect(sawTransaction(before.seen, written!.transactionId)).toBe(false);
    expect(sawTransaction(after.seen, written!.transactionId)).toBe(true);
  });

  it("a write's transaction is the same in every statement of it", async () => {
    const ids = await database.db.transaction(async (tx) => {
      const { rows } = (await tx.execute(sql`SELECT ${writeTransaction} AS id`)) as unknown as {
        rows: { id: string }[];
      };
      const a = rows[0];
      const [b] = await tx
        .insert(lists)
        .values({ userId: "ann", id: "list_2", name: "Two" })
        .returning({ id: writeTransaction });
      return [a!.id, b!.id];
    });
    expect(ids[0]).toBe(ids[1]);
  });
});
