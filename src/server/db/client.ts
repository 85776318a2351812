import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { type MaintenanceEvent, maintainPglite, vacuumAtStartUp } from "./pglite-maintenance.ts";
import { housekeepingWarnings, readHousekeepingSettings } from "./postgres-housekeeping.ts";
import { withPreparedStatements } from "./pglite-statements.ts";
import { StatementNames, keepGenericPlans, nameRepeatedStatements } from "./pg-named-statements.ts";
import { PGLITE_TEMPLATE, templateFor } from "./pglite-template.ts";
import { type StatementStats, timeQueries } from "./statement-stats.ts";
import { rememberRelationSizes } from "./pglite-file-sizes.ts";
import * as schema from "./schema/index.ts";
import { fromProjectRoot } from "../project-root.ts";

export type Schema = typeof schema;
/** The one database type services take: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback gets; helpers take it to join the caller's transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** A raw client for LISTEN/NOTIFY; null where notifications stay in-process. */
  pool: pg.Pool | null;
  /**
   * Starts the housekeeping the database does not do by itself: on PGlite
   * a VACUUM of every table that is not tiny (before the server listens),
   * then small ones while it runs (pglite-maintenance.ts). On PostgreSQL,
   * whose autovacuum does it, only a `warn` when autovacuum is off
   * (postgres-housekeeping.ts). Stopped by `close`.
   */
  maintain(
    report: (event: MaintenanceEvent) => void,
    onError: (error: Error) => void,
    warn?: (message: string) => void,
  ): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fromProjectRoot("src/server/db/migrations");
// Any fixed 64-bit number works; every process must use the same one.
const MIGRATION_LOCK_ID = 7_349_221_004;

/**
 * PGlite's own start parameters, with a smaller buffer pool: the embedded
 * database lives in the server's memory, and its default 128 MB of shared
 * buffers took the server past 500 MB under the mixed workload (561-568 MB;
 * 407-465 MB with 32 MB, at the same throughput, docs/performance.md). Pages
 * outside the pool come from the operating system's file cache.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=32MB",
  // A VACUUM's list of dead rows (pglite-maintenance.ts): its frequent small
  // passes need little, and PGlite's memory keeps its high mark (with the
  // default 64 MB a first pass took 16 MB more, with 8 MB 8 MB).
  "-c",
  "maintenance_work_mem=8MB",
];

export async function openPglite(
  dataDir: string | null,
  statementStats: StatementStats | null = null,
  templateFile = PGLITE_TEMPLATE,
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm backs the browse search index (migration 0002).
  const extensions = { pg_trgm };
  const loadDataDir = dataDir ? templateFor(dataDir, templateFile) : undefined;
  const options = { extensions, startParams: PGLITE_START_PARAMS, ...(loadDataDir ? { loadDataDir } : {}) };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  if (dataDir) rememberRelationSizes(client);
  const db = drizzlePglite({
    client: withPreparedStatements(client, undefined, statementStats) as PGlite,
    schema,
  }) as unknown as Db;
  let maintenance: { stop: () => Promise<void> } | null = null;
  return {
    db,
    kind: "pglite",
    pool: null,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async maintain(report, onError) {
      await vacuumAtStartUp(client, report);
      maintenance ??= maintainPglite(client, report, onError);
    },
    async close() {
      await maintenance?.stop();
      await client.close();
    },
  };
}

/**
 * PostgreSQL connections per server process. Three are held for the
 * process's life (the LISTEN of the process link, its NOTIFY sender, and,
 * in the process computing the consensus, its advisory lock); the other
 * seven serve requests. Each connection is a database process sharing the
 * machine's cores with the server and the load: when a request cost about
 * 1 ms of the server's CPU, four serving connections ran the mixed workload
 * a fifth faster than seven. Since a request costs a third of that, the
 * server waits for the database more than for a core: seven ran it 8 % faster
 * than four on a free machine and the same with a core taken by another
 * process (docs/performance.md, "The pool sized to the cores" and "The
 * pool again, at a third of the cost"). A request that finds every
 * connection busy waits in the pool, in our process.
 */
export const DEFAULT_POOL_SIZE = 10;

export async function openPostgres(
  url: string,
  poolSize = DEFAULT_POOL_SIZE,
  onIdleError: (error: Error) => void = () => {},
  /** How long a query waits for a connection before failing (a 503). */
  connectTimeoutMs = 5_000,
  statementStats: StatementStats | null = null,
): Promise<Database> {
  // A server that does not answer fails a request within seconds (503), not never.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
  });
  // An idle connection the server drops (restart, failover, idle timeout)
  // raises 'error' on the pool, and with no listener that ends the process.
  // The pool discards that connection and opens a new one when next needed.
  pool.on("error", onIdleError);
  // A connection in use (inside a transaction, between its queries) raises
  // 'error' on its client instead, and the pool listens only to idle ones:
  // without this a dropped connection mid-transaction ends the process. The
  // query in progress fails on its own (a 503), and the pool discards the
  // client when it is released with that error.
  const names = new StatementNames();
  pool.on("connect", (client) => {
    client.on("error", onIdleError);
    keepGenericPlans(client);
    nameRepeatedStatements(client, names);
    if (statementStats) timeQueries(client, statementStats);
  });
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    pool,
    async migrate() {
      const lock = await pool.connect();
      try {
        // Two processes starting together: the second waits here, then finds
        // nothing left to apply.
        await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
      } finally {
        await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        lock.release();
      }
    },
    async maintain(_report, _onError, warn) {
      // A check that cannot read the settings says nothing rather than stop the start.
      const settings = await readHousekeepingSettings(pool).catch(() => ({}));
      for (const warning of housekeepingWarnings(settings)) warn?.(warning);
    },
    close: () => pool.end(),
  };
}
