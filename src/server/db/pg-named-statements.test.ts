import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "#testing/scratch-postgres.ts";
import { StatementNames, keepGenericPlans, nameRepeatedStatements } from "./pg-named-statements.ts";

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

describe("keepGenericPlans", () => {
  /** A client that answers every statement after a turn, refusing SETs when told to, and records the order. */
  function recordingClient(refuseSet: boolean) {
    const sent: string[] = [];
    const client = {
      query(config: string | { text: string }) {
        const text = typeof config === "string" ? config : config.text;
        sent.push(text);
        return new Promise((resolve, reject) =>
          setImmediate(() =>
            refuseSet && text.startsWith("SET")
              ? reject(new Error("unrecognized configuration parameter"))
              : resolve({ rows: [] }),
          ),
        );
      },
    };
    keepGenericPlans(client as unknown as pg.ClientBase);
    return { client: client as unknown as pg.ClientBase, sent };
  }
  const page = { text: 'select "id" from "lists" where "is_public" = $1 limit $2', values: [true, 12] };
  const byKey = { text: 'select "id" from "lists" where "id" = $1', values: ["a"] };

  it("sets generic plans before a connection's first statement, and brackets only a page's", async () => {
    const { client, sent } = recordingClient(false);
    await client.query(byKey);
    await client.query(byKey);
    await client.query(page);
    await client.query(byKey);
    expect(sent).toEqual([
      "SET plan_cache_mode TO force_generic_plan",
      byKey.text,
      byKey.text,
      "SET plan_cache_mode TO auto",
      page.text,
      "SET plan_cache_mode TO force_generic_plan",
      byKey.text,
    ]);
  });

  it("answers a callback once the connection is back on generic plans", async () => {
    const { client, sent } = recordingClient(false);
    await client.query(byKey);
    const answered = await new Promise((resolve) =>
      client.query(page.text, page.values, (error: Error | null) => resolve([error, sent.length])),
    );
    expect(answered).toEqual([null, 5]);
  });

  it("still runs every statement on a server that refuses the setting", async () => {
    const { client, sent } = recordingClient(true);
    await expect(client.query(byKey)).resolves.toEqual({ rows: [] });
    await expect(client.query(page)).resolves.toEqual({ rows: [] });
    expect(sent.filter((t) => !t.startsWith("SET"))).toEqual([byKey.text, page.text]);
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

describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB_KIND !== "postgres")(
  "plans on PostgreSQL",
  () => {
    let scratch: ScratchDatabase;
    let pool: pg.Pool;
    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "sr_plans");
      // One connection, wrapped as the server wraps its pool's.
      pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
      const names = new StatementNames();
      pool.on("connect", (client) => {
        keepGenericPlans(client);
        nameRepeatedStatements(client, names);
      });
      await pool.query("CREATE TABLE t (id int PRIMARY KEY, name text)");
      await pool.query("INSERT INTO t SELECT g, 'name ' || g FROM generate_series(1, 50) g");
    });
    afterAll(async () => {
      await pool.end();
      await scratch.drop();
    });

    const plans = async (text: string) =>
      (
        await pool.query<{ generic: string; custom: string }>(
          "SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE statement = $1",
          [text],
        )
      ).rows.map((r) => ({ generic: Number(r.generic), custom: Number(r.custom) }))[0];
    const mode = async () =>
      (await pool.query<{ plan_cache_mode: string }>("SHOW plan_cache_mode")).rows[0]!.plan_cache_mode;

    it("plans a lookup by key once, where PostgreSQL alone would plan its first runs anew", async () => {
      const db = drizzle(pool);
      for (const ids of [[1, 2], [3], [4, 5, 6], [7]]) {
        const { rows } = await db.execute(
          sql`SELECT id FROM t WHERE id = ANY(${`{${ids.join(",")}}`}::int[]) ORDER BY id`,
        );
        expect(rows).toEqual(ids.map((id) => ({ id })));
      }
      // Left to judge (auto), the first five runs would each get a plan of their own.
      expect(await plans("SELECT id FROM t WHERE id = ANY($1::int[]) ORDER BY id")).toEqual({
        generic: 3,
        custom: 0,
      });
      expect(await mode()).toBe("force_generic_plan");
    });

    it("plans a page and a search for their values, and returns to generic plans after", async () => {
      const db = drizzle(pool);
      for (let run = 0; run < 3; run++) {
        const { rows } = await db.execute(
          sql`SELECT id FROM t WHERE name LIKE ${"name 1%"} ORDER BY id LIMIT ${2}`,
        );
        expect(rows).toEqual([{ id: 1 }, { id: 10 }]);
        expect(await mode()).toBe("force_generic_plan");
      }
      expect(await plans("SELECT id FROM t WHERE name LIKE $1 ORDER BY id LIMIT $2")).toEqual({
        generic: 0,
        custom: 2,
      });
    });

    it("is back to generic plans after a transaction that failed or committed between the two SETs", async () => {
      const db = drizzle(pool);
      const failing = db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM t WHERE name LIKE ${"name%"} AND id / ${0} = 1 LIMIT ${1}`);
      });
      await expect(failing).rejects.toThrow();
      expect(await mode()).toBe("force_generic_plan");
      await db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM t WHERE name LIKE ${"name%"} LIMIT ${1}`);
      });
      expect(await mode()).toBe("force_generic_plan");
    });
  },
);
