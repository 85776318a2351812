import { sql, type SQL } from "drizzle-orm";

/**
 * A text[] sent as ONE parameter, whatever its length: a query that matches
 * many keys keeps one shape, so PostgreSQL plans it once and cheaply (an OR
 * of N conditions is planned anew for every N). The literal travels as a bound
 * parameter, never as SQL text.
 */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;
  return sql`${literal}::text[]`;
}
