import { PGlite } from "@electric-sql/pglite";
import { asc, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtQuery, fixedLimit } from "./built-query.ts";
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
