import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planModeFor, withPreparedStatements } from "./pglite-statements.ts";

describe("PGlite queries as named prepared statements", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.waitReady;
    await client.exec(`
      CREATE TABLE t (id int PRIMARY KEY, name text, tags text[], at timestamptz, doc jsonb, ok boolean);
      INSERT INTO t VALUES
        (1, 'one', ARRAY['a','b'], '2026-01-02T03:04:05Z', '{"k":1}', true),
        (2, NULL, '{}', NULL, NULL, false);`);
  });
  afterAll(() => client.close());

  const kept = async () =>
    (
      await client.query<{ name: string; statement: string }>(
        "SELECT name, statement FROM pg_prepared_statements",
      )
    ).rows;

  it("answers what PGlite's own query answers, in both row modes, and keeps the statement", async () => {
    const prepared = withPreparedStatements(client);
    const text =
      "SELECT id, name, tags, at, doc, ok FROM t WHERE id = ANY($1::int[]) AND ok IN ($2, $3) ORDER BY id";
    const params = [[1, 2], true, false];
    for (const rowMode of ["array", "object"] as const) {
      const plain = await client.query(text, params, { rowMode });
      const first = await prepared.query(text, params, { rowMode });
      const again = await prepared.query(text, params, { rowMode });
      expect(first).toEqual(plain);
      expect(again).toEqual(plain);
    }
    expect((await kept()).filter((s) => s.statement === text)).toHaveLength(1);
  });

  it("reads answers of any size and text, and one with a notice in it, as PGlite's own query does", async () => {
    const prepared = withPreparedStatements(client);
    // Many rows (the answer comes in several pieces), non-ASCII text and a long value.
    const text =
      "SELECT g AS n, 'Ça va 🌴 ' || g AS label, repeat('x', $1::int) AS long FROM generate_series(1, 2000) g";
    const plain = await client.query(text, [70_000]);
    const answer = await prepared.query(text, [70_000]);
    expect(answer).toEqual(plain);
    expect(answer.rows[1]).toMatchObject({ n: 2, label: "Ça va 🌴 2" });
    await client.exec(`
      CREATE FUNCTION noisy(v int) RETURNS int LANGUAGE plpgsql AS
      $$ BEGIN RAISE NOTICE 'noticed %', v; RETURN v * 2; END $$;`);
    expect((await prepared.query("SELECT noisy($1) AS twice", [21])).rows).toEqual([{ twice: 42 }]);
  });

  it("passes null parameters and reports affected rows of writes", async () => {
    const prepared = withPreparedStatements(client);
    const insert = "INSERT INTO t (id, name) VALUES ($1, $2) RETURNING id";
    const plain = await client.query(insert, [4, null]);
    const inserted = await prepared.query(insert, [3, null]);
    expect(inserted).toEqual({ ...plain, rows: [{ id: 3 }] });
    expect(inserted.affectedRows).toBe(1);
    const row = await prepared.query<{ name: string | null }>("SELECT name FROM t WHERE id = $1", [3]);
    expect(row.rows).toEqual([{ name: null }]);
    const deleted = await prepared.query("DELETE FROM t WHERE id >= $1", [3]);
    expect(deleted.affectedRows).toBe(2);
  });

  it("sends parameters of any text, empty, null, long and many, as PGlite's own query does", async () => {
    const prepared = withPreparedStatements(client);
    const texts = ["", "Ça va 🌴", "quote ' and \\ backslash", "x".repeat(70_000), "naïve"];
    const values = Array.from({ length: 300 }, (_, i) => (i % 7 === 3 ? null : texts[i % texts.length]!));
    const columns = values.map((_, i) => `$${i + 1}::text AS c${i}`).join(", ");
    const text = `SELECT ${columns}`;
    const plain = await client.query(text, values);
    const answer = await prepared.query(text, values);
    expect(answer).toEqual(plain);
    expect(Object.values(answer.rows[0] as object)).toEqual(values);
  });

  it("reports a failed statement with its code and stays usable; a statement that does not parse is not kept", async () => {
    const prepared = withPreparedStatements(client);
    await expect(prepared.query("INSERT INTO t (id) VALUES ($1)", [1])).rejects.toMatchObject({
      code: "23505",
    });
    await expect(prepared.query("SELEC 1", [])).rejects.toMatchObject({ code: "42601" });
    expect((await kept()).some((s) => s.statement === "SELEC 1")).toBe(false);
    expect((await prepared.query("SELECT count(*)::int AS n FROM t", [])).rows).toEqual([{ n: 2 }]);
  });

  it("closes the least recently used statement past its limit", async () => {
    const prepared = withPreparedStatements(client, 2);
    const texts = ["SELECT 1 AS a", "SELECT 2 AS b", "SELECT 3 AS c"];
    await prepared.query(texts[0]!, []);
    await prepared.query(texts[1]!, []);
    await prepared.query(texts[0]!, []); // the first is now the most recent
    await prepared.query(texts[2]!, []);
    const statements = (await kept()).map((s) => s.statement);
    expect(statements).toContain(texts[0]);
    expect(statements).not.toContain(texts[1]);
    expect(statements).toContain(texts[2]);
    expect((await prepared.query(texts[1]!, [])).rows).toEqual([{ b: 2 }]);
  });

  it("runs a transaction's queries in it, and a query outside waits for it", async () => {
    const prepared = withPreparedStatements(client);
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await expect(
      prepared.transaction(async (tx) => {
        await tx.query("INSERT INTO t (id, name) VALUES ($1, $2)", [10, "in a transaction"]);
        outside = prepared
          .query("SELECT count(*)::int AS n FROM t", [])
          .then((r) => order.push(`outside ${JSON.stringify(r.rows)}`));
        const seen = await tx.query("SELECT name FROM t WHERE id = $1", [10]);
        order.push(`inside ${JSON.stringify(seen.rows)}`);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    await outside;
    expect(order).toEqual(['inside [{"name":"in a transaction"}]', 'outside [{"n":2}]']);
  });

  it("prepares again when a table under a kept statement changed shape", async () => {
    const prepared = withPreparedStatements(client);
    await client.exec("CREATE TABLE shape (a int); INSERT INTO shape VALUES (1)");
    expect((await prepared.query("SELECT * FROM shape", [])).rows).toEqual([{ a: 1 }]);
    await client.exec("ALTER TABLE shape ADD COLUMN b int DEFAULT 2");
    expect((await prepared.query("SELECT * FROM shape", [])).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it("plans a statement that finds rows by key once, and a page, a search or a count of lists each run", () => {
    expect(
      planModeFor('select "name" from "lists" where "lists"."user_id" = $1 and "lists"."is_public" = $2'),
    ).toBe("force_generic_plan");
    expect(
      planModeFor("DELETE FROM n WHERE id IN (SELECT id FROM n WHERE r = $1 ORDER BY at DESC OFFSET 199)"),
    ).toBe("force_generic_plan");
    expect(planModeFor('select "id" from "lists" order by "created_at" desc limit $2 offset $3')).toBe(
      "auto",
    );
    expect(planModeFor('select "id" from "lists" where lower("name") LIKE $2')).toBe("auto");
    expect(planModeFor('select count(*) from "lists" where "lists"."is_public" = $1')).toBe("auto");
  });

  it("runs each statement under its own plan mode, also after a transaction that changed it rolled back", async () => {
    const prepared = withPreparedStatements(client);
    const byKey = "SELECT current_setting('plan_cache_mode') AS mode FROM t WHERE id = $1";
    const page = "SELECT current_setting('plan_cache_mode') AS mode FROM t ORDER BY id LIMIT $1";
    const mode = async (q: Pick<typeof prepared, "query">, text: string, param: number) =>
      (await q.query<{ mode: string }>(text, [param])).rows[0]!.mode;
    expect(await mode(prepared, byKey, 1)).toBe("force_generic_plan");
    expect(await mode(prepared, page, 1)).toBe("auto");
    expect(await mode(prepared, byKey, 1)).toBe("force_generic_plan");
    await expect(
      prepared.transaction(async (tx) => {
        expect(await mode(tx, page, 1)).toBe("auto");
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    // The rollback set the backend back to generic plans; the page must not run under them.
    expect(await mode(prepared, page, 1)).toBe("auto");
  });
});
