import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "#testing/scratch-postgres.ts";
import { StatementNames, nameRepeatedStatements } from "./pg-named-statements.ts";

describe("StatementNames", () => {
  it("names a text the second time it is seen, always the same name, and at most `max` texts", () => {
    const names = new StatementNames(2);
    expect(names.nameOf("a")).toBeUndefined();
    const a = names.nameOf("a");
    expect(a).toBeDefined();
    expect(names.nameOf("a")).toBe(a);
    names.nameOf("b");
    const b = names.nameOf("b");
    expect(b).toBeDefined();
    expect(b).not.toBe(a);
    names.nameOf("c");
    expect(names.nameOf("c")).toBeUndefined();
    expect(names.nameOf("a")).toBe(a);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB_KIND !== "postgres")(
  "named statements on PostgreSQL",
  () => {
    let scratch: ScratchDatabase;
    let pool: pg.Pool;
    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "sr_named");
      // One connection: what it has prepared is what the pool has.
      pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
      const names = new StatementNames();
      pool.on("connect", (client) => nameRepeatedStatements(client, names));
      await pool.query("CREATE TABLE t (id int PRIMARY KEY, name text)");
      await pool.query("INSERT INTO t VALUES (1, 'one'), (2, 'two')");
    });
    afterAll(async () => {
      await pool.end();
      await scratch.drop();
    });

    const prepared = async () =>
      (await pool.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements")).rows.map(
        (r) => r.statement,
      );

    it("prepares a statement drizzle runs again, answers as before, and keeps one-off statements unprepared", async () => {
      const db = drizzle(pool);
      const read = (id: number) => db.execute(sql`SELECT id, name FROM t WHERE id = ${id}`);
      const first = await read(1);
      expect(await prepared()).toEqual([]);
      const again = await read(1);
      const other = await read(2);
      expect(again.rows).toEqual(first.rows);
      expect(other.rows).toEqual([{ id: 2, name: "two" }]);
      expect(await prepared()).toEqual(["SELECT id, name FROM t WHERE id = $1"]);
      // Through a transaction's client too, and a failed statement leaves it usable.
      await db.transaction(async (tx) => {
        expect((await tx.execute(sql`SELECT id, name FROM t WHERE id = ${2}`)).rows).toEqual(other.rows);
      });
      await expect(db.execute(sql`INSERT INTO t VALUES (${1}, ${"dup"})`)).rejects.toThrow();
      await expect(db.execute(sql`INSERT INTO t VALUES (${1}, ${"dup"})`)).rejects.toMatchObject({
        cause: { code: "23505" },
      });
      expect((await read(1)).rows).toEqual(first.rows);
    });

    it("runs a kept statement again after its table changed shape", async () => {
      const db = drizzle(pool);
      const all = () => db.execute(sql`SELECT * FROM t WHERE id = ${1}`);
      await all();
      await all();
      await pool.query("ALTER TABLE t ADD COLUMN extra int DEFAULT 7");
      expect((await all()).rows).toEqual([{ id: 1, name: "one", extra: 7 }]);
    });
  },
);
