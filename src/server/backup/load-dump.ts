import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { from as copyFrom } from "pg-copy-streams";
import type { Database, Db } from "../db/client.ts";
import type { PgliteQueryClient } from "../db/pglite-statements.ts";
import { type DumpEvent, quoteIdent } from "./dump-reader.ts";
import { DERIVED_TABLES } from "./derived-tables.ts";
import { NotEmptyError, RefusedBackupError } from "./errors.ts";
import type { Manifest } from "./manifest.ts";
import { MIGRATIONS_TABLE_SQL, ourMigrations, RECORD_MIGRATION_SQL } from "./schema-migrations.ts";

/**
 * Loads a dump's data into a database, in one transaction: the schema from
 * our own migrations, then each COPY block's rows through COPY ... FROM STDIN
 * into a table and columns the live schema has (checked by name), then the
 * migrations newer than the backup. The only SQL sent is ours; the dump
 * supplies names, which are checked and quoted, and row lines, which the
 * database parses as data.
 */

/** One transaction on either engine, offering what a restore needs. */
interface Session {
  /** Our own SQL only (migrations, settings): never text from a backup. */
  exec(text: string): Promise<void>;
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Row lines in COPY's text format into `table`'s `columns`; the rows the database counted. */
  copyIn(
    table: string,
    columns: string[],
    data: AsyncIterable<Buffer>,
    oneStatement: boolean,
  ): Promise<number>;
}

/**
 * PGlite takes COPY data as a blob in memory, so a table goes in batches of
 * about this size. A table that references itself goes in one statement:
 * a row may come before the row it references, and a foreign key is checked
 * at the end of each statement.
 */
const PGLITE_BATCH_BYTES = 8 * 1024 * 1024;

const copyTarget = (table: string, columns: string[]) =>
  `${quoteIdent("public")}.${quoteIdent(table)} (${columns.map(quoteIdent).join(", ")})`;

async function inTransaction<T>(database: Database, fn: (session: Session) => Promise<T>): Promise<T> {
  if (database.kind === "postgres") {
    const client = await database.pool!.connect();
    let failed = false;
    try {
      await client.query("BEGIN");
      const result = await fn({
        exec: async (text) => {
          await client.query(text);
        },
        rows: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[],
        async copyIn(table, columns, data) {
          const stream = client.query(copyFrom(`COPY ${copyTarget(table, columns)} FROM STDIN`));
          await pipeline(data, stream);
          return stream.rowCount;
        },
      });
      await client.query("COMMIT");
      return result;
    } catch (e) {
      failed = true;
      await client.query("ROLLBACK").catch(() => {});
      throw e;
    } finally {
      // A connection that failed mid-COPY is closed rather than reused.
      client.release(failed);
    }
  }
  // The PGlite client under drizzle: COPY's blobs need it (drizzle has no way to pass one).
  const client = (database.db as unknown as { $client: PgliteQueryClient }).$client;
  return client.transaction((tx) =>
    fn({
      exec: async (text) => {
        await tx.exec(text);
      },
      rows: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows,
      async copyIn(table, columns, data, oneStatement) {
        const statement = `COPY ${copyTarget(table, columns)} FROM '/dev/blob'`;
        let parts: Buffer[] = [];
        let size = 0;
        let count = 0;
        const flush = async () => {
          if (parts.length === 0) return;
          const result = await tx.query(statement, [], {
            blob: new Blob(parts as Uint8Array<ArrayBuffer>[]),
          });
          count += result.affectedRows ?? 0;
          parts = [];
          size = 0;
        };
        for await (const chunk of data) {
          parts.push(chunk);
          size += chunk.length;
          if (!oneStatement && size >= PGLITE_BATCH_BYTES) await flush();
        }
        await flush();
        return count;
      },
    }),
  );
}

const COUNT_OUR_TABLES = `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`;

/** Whether the database holds no table of ours yet. */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const { rows } = (await db.execute(sql.raw(COUNT_OUR_TABLES))) as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0) === 0;
}

/** For --replace: drops every table, view, sequence, type and function in public (not an extension's), and drizzle's records. */
async function dropOurObjects(session: Session): Promise<void> {
  const notAnExtensions = (catalog: string) =>
    `NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${catalog}'::regclass AND d.objid = o.oid AND d.deptype IN ('e', 'a', 'i'))`;
  const relations = await session.rows<{ kind: string; name: string }>(
    `SELECT o.relkind::text AS kind, o.relname AS name FROM pg_class o JOIN pg_namespace n ON n.oid = o.relnamespace
     WHERE n.nspname = 'public' AND o.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') AND ${notAnExtensions("pg_class")}`,
  );
  const KIND: Record<string, string> = {
    r: "TABLE",
    p: "TABLE",
    v: "VIEW",
    m: "MATERIALIZED VIEW",
    f: "FOREIGN TABLE",
    S: "SEQUENCE",
  };
  for (const { kind, name } of relations) {
    await session.exec(`DROP ${KIND[kind]} IF EXISTS "public".${quoteIdent(name)} CASCADE`);
  }
  const types = await session.rows<{ name: string }>(
    `SELECT o.typname AS name FROM pg_type o JOIN pg_namespace n ON n.oid = o.typnamespace
     WHERE n.nspname = 'public' AND o.typtype IN ('e', 'd') AND ${notAnExtensions("pg_type")}`,
  );
  for (const { name } of types)
    await session.exec(`DROP TYPE IF EXISTS "public".${quoteIdent(name)} CASCADE`);
  // Our migrations' functions (submit_global_vote): the signature as the catalogue writes it, quoted.
  const routines = await session.rows<{ signature: string }>(
    `SELECT o.oid::regprocedure::text AS signature FROM pg_proc o JOIN pg_namespace n ON n.oid = o.pronamespace
     WHERE n.nspname = 'public' AND o.prokind IN ('f', 'p') AND ${notAnExtensions("pg_proc")}`,
  );
  for (const { signature } of routines) await session.exec(`DROP ROUTINE IF EXISTS ${signature} CASCADE`);
  await session.exec(`DROP SCHEMA IF EXISTS "drizzle" CASCADE`);
}

interface LiveTable {
  columns: Set<string>;
  selfReferencing: boolean;
}

/** The tables (with their writable columns) and sequences of public, as our migrations made them. */
async function liveSchema(session: Session) {
  const columns = await session.rows<{ table: string; column: string; self: boolean }>(
    `SELECT c.relname AS table, a.attname AS column,
       EXISTS (SELECT 1 FROM pg_constraint k WHERE k.contype = 'f' AND k.conrelid = c.oid AND k.confrelid = c.oid) AS self
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
  );
  const tables = new Map<string, LiveTable>();
  for (const { table, column, self } of columns) {
    const entry = tables.get(table) ?? { columns: new Set<string>(), selfReferencing: self };
    entry.columns.add(column);
    tables.set(table, entry);
  }
  const sequences = new Set(
    (
      await session.rows<{ name: string }>(
        `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'S'`,
      )
    ).map((s) => s.name),
  );
  return { tables, sequences };
}

/** The row lines of the COPY block just begun, up to its end; checks the dump's own count on the way. */
async function* blockRows(
  events: AsyncIterator<DumpEvent>,
  onEnd: (rows: number) => void,
): AsyncGenerator<Buffer> {
  for (;;) {
    const { value, done } = await events.next();
    if (done) throw new RefusedBackupError("db.sql ends inside a table's data.");
    if (value.kind === "rows") yield value.data;
    else if (value.kind === "end") return onEnd(value.rows);
    else throw new RefusedBackupError("db.sql is damaged: a table's data is interrupted.");
  }
}

/**
 * Restores the data of `events` (a dump read by readDump) into `database`.
 * Refuses a database that holds tables unless `replace`; everything happens
 * in one transaction, so a refusal or failure leaves the database as it was.
 */
export async function loadDump(
  database: Database,
  events: AsyncIterable<DumpEvent>,
  manifest: Manifest,
  options: { replace: boolean },
): Promise<number> {
  const migrations = ourMigrations();
  const backupLevel = manifest.migrations.length;
  return inTransaction(database, async (session) => {
    const [{ n } = { n: 0 }] = await session.rows<{ n: number }>(COUNT_OUR_TABLES);
    if (Number(n) > 0) {
      if (!options.replace) throw new NotEmptyError();
      await dropOurObjects(session);
    }
    // The dump's timestamps are ISO (pg_dump and our PGlite dump both write them so).
    await session.exec(`SET LOCAL datestyle = 'ISO, YMD'`);
    await session.exec(MIGRATIONS_TABLE_SQL);
    const apply = async (upTo: number, from: number) => {
      for (const migration of migrations.slice(from, upTo)) {
        for (const statement of migration.sql) if (statement.trim()) await session.exec(statement);
        await session.rows(RECORD_MIGRATION_SQL, [migration.hash, migration.folderMillis]);
      }
    };
    await apply(backupLevel, 0);

    const live = await liveSchema(session);
    const loaded = new Map<string, number>();
    let total = 0;
    const iterator = events[Symbol.asyncIterator]();
    for (;;) {
      const { value: event, done } = await iterator.next();
      if (done) break;
      if (event.kind === "copy") {
        const key = `${event.schema}.${event.table}`;
        const table = event.schema === "public" ? live.tables.get(event.table) : undefined;
        if (table && DERIVED_TABLES.has(event.table))
          throw new RefusedBackupError(
            `db.sql holds data for ${JSON.stringify(key)}, which the database keeps itself from the other tables.`,
          );
        if (!table)
          throw new RefusedBackupError(
            `db.sql holds data for ${JSON.stringify(key)}, which is not one of our tables.`,
          );
        if (loaded.has(key)) throw new RefusedBackupError(`db.sql holds the data of ${key} twice.`);
        const unknown = event.columns.find((c) => !table.columns.has(c));
        if (unknown !== undefined) {
          throw new RefusedBackupError(
            `db.sql names a column ${JSON.stringify(unknown)} that ${key} does not have.`,
          );
        }
        if (new Set(event.columns).size !== event.columns.length) {
          throw new RefusedBackupError(`db.sql names a column of ${key} twice.`);
        }
        let dumped = 0;
        const count = await session.copyIn(
          event.table,
          event.columns,
          blockRows(iterator, (rows) => (dumped = rows)),
          table.selfReferencing,
        );
        if (count !== dumped || manifest.tables[key] !== count) {
          throw new RefusedBackupError(
            `The backup is damaged: ${key} loaded ${count} rows, db.sql holds ${dumped} and the manifest ${manifest.tables[key] ?? "none"}.`,
          );
        }
        loaded.set(key, count);
        total += count;
      } else if (event.kind === "setval") {
        if (event.schema !== "public" || !live.sequences.has(event.sequence)) {
          throw new RefusedBackupError(
            `db.sql sets a sequence ${JSON.stringify(`${event.schema}.${event.sequence}`)} that is not ours.`,
          );
        }
        await session.rows(`SELECT pg_catalog.setval($1::regclass, $2::bigint, $3::boolean)`, [
          `"public".${quoteIdent(event.sequence)}`,
          event.value.toString(),
          event.isCalled,
        ]);
      } else {
        throw new RefusedBackupError("db.sql is damaged: rows outside a table's data.");
      }
    }
    const missing = Object.keys(manifest.tables).find((key) => !loaded.has(key));
    if (missing) throw new RefusedBackupError(`The backup is damaged: db.sql lacks the data of ${missing}.`);

    await apply(migrations.length, backupLevel);
    return total;
  });
}
