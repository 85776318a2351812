import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { type Db, migrationsFolder } from "../db/client.ts";

/**
 * A logical dump of the whole database as plain SQL, the same on PGlite and
 * PostgreSQL: the schema (our migrations, as far as the database has applied
 * them, and Drizzle's record of them), then every row of every table, parents
 * before children, then the sequences. Every statement ends with `;` (psql
 * reads the breaks between them as comments), so
 * `psql -v ON_ERROR_STOP=1 -1 -f db.sql` loads it into an empty PostgreSQL
 * database as well as `restoreSql` does.
 *
 * Rows travel as JSON made and read by the database itself (row_to_json and
 * json_populate_recordset), so every type round-trips exactly: timestamps to
 * the microsecond, arrays, jsonb, text with any character.
 */

/** Between statements, as in Drizzle's migrations; never inside one (JSON has no raw newline). */
export const STATEMENT_BREAK = "\n--> statement-breakpoint\n";
const SCHEMAS = ["public", "drizzle"];
const ROWS_PER_STATEMENT = 500;

type Row = Record<string, unknown>;

/**
 * psql sends text to the server only at a `;`: a statement without one would
 * be merged with the next into a syntax error. After a last line that may
 * hold a `--` comment, the `;` goes on a line of its own.
 */
export const terminated = (statement: string) => {
  const s = statement.trim();
  if (s.endsWith(";")) return s;
  return s.slice(s.lastIndexOf("\n") + 1).includes("--") ? `${s}\n;` : `${s};`;
};
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

interface Table {
  schema: string;
  name: string;
  /** Quoted, schema-qualified: "public"."user". */
  ref: string;
  orderBy: string;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

async function tablesInLoadOrder(db: Db): Promise<Table[]> {
  const tables = rowsOf(
    await db.execute(sql`
      SELECT n.nspname AS schema, c.relname AS name,
        (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY array_position(i.indkey, a.attnum))
           FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
          WHERE i.indrelid = c.oid AND i.indisprimary) AS pk
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname IN ('public', 'drizzle')
      ORDER BY n.nspname, c.relname`),
  );
  const edges = rowsOf(
    await db.execute(sql`
      SELECT cn.nspname || '.' || cc.relname AS child, pn.nspname || '.' || pc.relname AS parent
      FROM pg_constraint k
      JOIN pg_class cc ON cc.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = cc.relnamespace
      JOIN pg_class pc ON pc.oid = k.confrelid JOIN pg_namespace pn ON pn.oid = pc.relnamespace
      WHERE k.contype = 'f' AND k.conrelid <> k.confrelid`),
  );
  const parents = new Map<string, Set<string>>();
  for (const e of edges) {
    const set = parents.get(String(e.child)) ?? new Set<string>();
    set.add(String(e.parent));
    parents.set(String(e.child), set);
  }
  // Parents first: a table is placed once everything it references is.
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const pending = tables.map((t) => ({
    key: `${String(t.schema)}.${String(t.name)}`,
    table: {
      schema: String(t.schema),
      name: String(t.name),
      ref: `${quoteIdent(String(t.schema))}.${quoteIdent(String(t.name))}`,
      orderBy: t.pk ? String(t.pk) : "row_to_json(t)::text",
    },
  }));
  while (pending.length > 0) {
    const i = pending.findIndex((p) => [...(parents.get(p.key) ?? [])].every((q) => placed.has(q)));
    if (i < 0) throw new Error(`Foreign keys form a cycle among ${pending.map((p) => p.key).join(", ")}`);
    const [next] = pending.splice(i, 1);
    placed.add(next!.key);
    ordered.push(next!.table);
  }
  return ordered;
}

/** The migrations the database has applied, as SQL statements, checked against this version's files. */
async function schemaStatements(db: Db): Promise<string[]> {
  const exists = rowsOf(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok`),
  );
  if (!exists[0]?.ok) throw new Error("The database has no schema yet: start the server on it once first.");
  const applied = rowsOf(
    await db.execute(sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id`),
  );
  const known = new Map(readMigrationFiles({ migrationsFolder }).map((m) => [m.hash, m]));
  const statements: string[] = [];
  for (const row of applied) {
    const migration = known.get(String(row.hash));
    if (!migration) {
      throw new Error(
        `The database has a migration this version does not know (created_at ${String(row.created_at)}): back it up with the version that created it.`,
      );
    }
    statements.push(...migration.sql.map((s) => s.trim()).filter(Boolean));
  }
  // As Drizzle creates it, so a later start finds what is applied.
  statements.push(
    `CREATE SCHEMA IF NOT EXISTS "drizzle"`,
    `CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  return statements;
}

/**
 * Writes the dump statement by statement through `write`, inside one
 * read-only repeatable-read transaction: one consistent snapshot, while the
 * server (on PostgreSQL) goes on serving.
 */
export async function dumpDatabase(
  db: Db,
  writeStatement: (statement: string) => Promise<void>,
): Promise<{ rows: number }> {
  let rows = 0;
  const write = (statement: string) => writeStatement(terminated(statement));
  await db.transaction(
    async (tx) => {
      const tdb = tx as unknown as Db;
      await write(`SET client_encoding = 'UTF8'`);
      await write(`SET standard_conforming_strings = on`);
      for (const s of await schemaStatements(tdb)) await write(s);
      for (const table of await tablesInLoadOrder(tdb)) {
        for (let offset = 0; ; offset += ROWS_PER_STATEMENT) {
          const page = rowsOf(
            await tdb.execute(
              sql.raw(
                `SELECT row_to_json(t)::text AS r FROM ${table.ref} t ORDER BY ${table.orderBy} LIMIT ${ROWS_PER_STATEMENT} OFFSET ${offset}`,
              ),
            ),
          );
          if (page.length === 0) break;
          rows += page.length;
          const json = `[${page.map((p) => String(p.r)).join(",")}]`;
          await write(
            `INSERT INTO ${table.ref} SELECT * FROM json_populate_recordset(NULL::${table.ref}, ${quoteLiteral(json)})`,
          );
          if (page.length < ROWS_PER_STATEMENT) break;
        }
      }
      const sequences = rowsOf(
        await tdb.execute(
          sql.raw(
            `SELECT schemaname, sequencename, last_value::text AS v FROM pg_sequences WHERE schemaname IN (${SCHEMAS.map(quoteLiteral).join(", ")}) AND last_value IS NOT NULL`,
          ),
        ),
      );
      for (const s of sequences) {
        const name = `${quoteIdent(String(s.schemaname))}.${quoteIdent(String(s.sequencename))}`;
        await write(`SELECT setval(${quoteLiteral(name)}, ${String(s.v)}, true)`);
      }
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return { rows };
}

/** Whether the database holds no table of ours yet: a restore only goes into an empty one. */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const found = rowsOf(
    await db.execute(
      sql.raw(
        `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN (${SCHEMAS.map(quoteLiteral).join(", ")})`,
      ),
    ),
  );
  return Number(found[0]?.n ?? 0) === 0;
}

/** The statements of a dump arriving as chunks of text (a decoded stream), one by one. */
export async function* splitStatements(text: AsyncIterable<string>): AsyncGenerator<string> {
  let pending = "";
  for await (const chunk of text) {
    pending += chunk;
    let at: number;
    while ((at = pending.indexOf(STATEMENT_BREAK)) >= 0) {
      yield pending.slice(0, at);
      pending = pending.slice(at + STATEMENT_BREAK.length);
    }
  }
  if (pending.trim()) yield pending;
}

/** Runs a dump's statements in one transaction: the database ends up with all of it or none. */
export async function restoreSql(
  db: Db,
  statements: Iterable<string> | AsyncIterable<string>,
): Promise<void> {
  if (!(await isEmptyDatabase(db))) {
    throw new Error("The database is not empty: restore into a fresh DATA_DIR or an empty database.");
  }
  await db.transaction(async (tx) => {
    for await (const statement of statements) {
      if (statement.trim()) await tx.execute(sql.raw(statement));
    }
  });
}
