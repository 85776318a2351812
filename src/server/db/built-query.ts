/**
 * A query whose text is built once per process instead of on every run.
 *
 * drizzle turns a query builder into SQL text on every execution: under the
 * mixed workload that was about 5 % of the server's CPU on PostgreSQL and
 * 2.5 % on PGlite (docs/performance.md, "Queries built once"), spent on the
 * same few reads (a session, a list page, a category's results) again and
 * again. Built here with placeholders (`sql.placeholder`, textArrayParam),
 * a read keeps its text and its parameters' order, and each run only fills
 * in the values.
 *
 * The query is handed to the database as any other: unnamed, so naming
 * stays in one place per engine (pg-named-statements.ts on PostgreSQL,
 * pglite-statements.ts on PGlite). Build it on the process's `db`
 * (store.perApp), never on a transaction's.
 */
interface Preparable<P> {
  prepare(name: string): P;
}

export function builtQuery<P>(query: Preparable<P>): P {
  // An empty name is drizzle's unnamed statement.
  return query.prepare("");
}
