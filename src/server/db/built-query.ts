import { type SQL, sql } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";
import type { Db } from "./client.ts";

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

/** A statement written as SQL and built once: `rows` fills in its placeholders and runs it. */
export interface BuiltStatement<Row> {
  rows(values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * `builtQuery` for a statement written as SQL rather than with the query
 * builder (a write of several steps in one statement: an upvote, a
 * comment). Its values are `sql.placeholder`s; its text is built here once,
 * where `db.execute` would build it on every run (for a comment, about a
 * tenth of the request's CPU: docs/performance.md, "Writes built once").
 * drizzle offers no prepare for raw SQL, so this does what `db.execute`
 * does, minus the building: its dialect turns the SQL into text and
 * parameters, its session runs them. Build it on the process's `db`
 * (store.perApp), never on a transaction's.
 */
export function builtStatement<Row>(db: Db, statement: SQL): BuiltStatement<Row> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const query = dialect.sqlToQuery(statement);
  const prepared = session.prepareQuery(query, undefined, undefined, false);
  return {
    async rows(values) {
      return ((await prepared.execute(values)) as { rows: Row[] }).rows;
    },
  };
}

/**
 * A LIMIT written into a statement's text instead of sent as a parameter,
 * for a query that always asks for the same number of rows. On PGlite a
 * statement whose LIMIT is a parameter is planned anew on every run (a
 * page's best plan depends on how many rows it asks for: planModeFor in
 * pglite-statements.ts), while one with a fixed LIMIT is planned once: the
 * Global Rankings scores' read fell from about 0.7 to 0.3 ms a run
 * (docs/performance.md, "Plans kept for fixed limits"). drizzle writes an
 * SQL fragment given as a limit into the text (its dialect accepts one
 * there), though its types name only numbers and placeholders.
 */
export function fixedLimit(rows: number): number {
  if (!Number.isSafeInteger(rows) || rows < 0)
    throw new RangeError(`a fixed LIMIT is a whole number of rows, not ${rows}`);
  return sql.raw(String(rows)) as unknown as number;
}
