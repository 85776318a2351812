import { PGlite } from "@electric-sql/pglite";
import { asc, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { builtQuery, builtStatement, fixedLimit } from "./built-query.ts";
import type { Db } from "./client.ts";
import { planModeFor, withPreparedStatements } from "./pglite-statements.ts";

const scores = pgTable("scores", { id: text("id").primaryKey(), score: integer("score").notNull() });

describe("a fixed LIMIT", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.exec(`CREATE TABLE scores (id text PRIMARY KEY, score int NOT NULL);
      INSERT INTO scores SELECT 'c' || n, n FROM generate_series(1, 40) n;`);
  });
  afterAll(() => client.close());

  const topQuery = (limit: number) =>
    drizzle(withPreparedStatements(client) as PGlite)
      .select()
      .from(scores)
      .where(sql`${scores.score} > ${sql.placeholder("above")}`)
      .orderBy(asc(scores.score))
      .limit(limit);

  it("is written into the statement's text, which is then planned once, and limits the rows", async () => {
    const fixed = topQuery(fixedLimit(3));
    expect(fixed.toSQL().sql).toMatch(/ limit 3$/);
    expect(fixed.toSQL().params).toHaveLength(1); // the placeholder only
    expect(planModeFor(fixed.toSQL().sql)).toBe("force_generic_plan");
    // A limit sent as a parameter is planned on every run.
    expect(planModeFor(topQuery(3).toSQL().sql)).toBe("auto");

    const rows = await builtQuery(fixed).execute({ above: 10 });
    expect(rows.map((r) => r.score)).toEqual([11, 12, 13]);
  });

  it("takes only a whole number of rows", () => {
    for (const bad of [-1, 2.5, Number.NaN, Infinity]) expect(() => fixedLimit(bad)).toThrow(RangeError);
    expect(() => fixedLimit(0)).not.toThrow();
  });
});

describe("a statement written as SQL, built once", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite();
    await client.exec(`CREATE TABLE scores (id text PRIMARY KEY, score int NOT NULL);`);
  });
  afterAll(() => client.close());

  it("is turned into text once, and each run fills in its own values", async () => {
    const db = drizzle(withPreparedStatements(client) as PGlite) as unknown as Db;
    const id = sql.placeholder("id");
    const statement = sql`WITH added AS (
        INSERT INTO ${scores} (id, score) VALUES (${id}, ${sql.placeholder("score")}) RETURNING score
      ) SELECT ${id}::text AS id, (SELECT score FROM added) + 1 AS next`;
    const dialect = (db as unknown as { dialect: { sqlToQuery: (s: unknown) => unknown } }).dialect;
    const toQuery = vi.spyOn(dialect, "sqlToQuery");
    const built = builtStatement<{ id: string; next: number }>(db, statement);
    expect(await built.rows({ id: "a", score: 1 })).toEqual([{ id: "a", next: 2 }]);
    expect(await built.rows({ id: "b", score: 41 })).toEqual([{ id: "b", next: 42 }]);
    expect(toQuery).toHaveBeenCalledTimes(1);
    expect(await db.select().from(scores).orderBy(asc(scores.id))).toEqual([
      { id: "a", score: 1 },
      { id: "b", score: 41 },
    ]);
    // A value left out is refused before anything runs.
    await expect(built.rows({ id: "c" })).rejects.toThrow(/score/);
  });
});
