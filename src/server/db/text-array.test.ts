import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#testing/test-db.ts";
import { textArray } from "./text-array.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(() => database.dispose());

it("round-trips awkward strings as one text[] parameter", async () => {
  const values = ["plain", 'with "quotes"', "back\\slash", "comma,brace}{", "", "NULL", "ünïcode ✓"];
  const result = await database.db.execute(sql`SELECT unnest(${textArray(values)}) AS v`);
  const rows = (result as unknown as { rows: { v: string }[] }).rows;
  expect(rows.map((r) => r.v)).toEqual(values);
});
