import { sql, type SQL } from "drizzle-orm";

/** The text[] literal of `values`, as one parameter's value (textArray, or a built query's textArrayParam). */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(",")}}`;
}

/**
 * A text[] sent as ONE parameter, whatever its length: a query that matches
 * many keys keeps one shape, so PostgreSQL plans it once and cheaply (an OR
 * of N conditions is planned anew for every N). The literal travels as a bound
 * parameter, never as SQL text.
 */
export function textArray(values: readonly string[]): SQL {
  return sql`${textArrayLiteral(values)}::text[]`;
}

/** textArray's place in a query built once (db/built-query.ts), filled with textArrayLiteral at each run. */
export function textArrayParam(name: string): SQL {
  return sql`${sql.placeholder(name)}::text[]`;
}
