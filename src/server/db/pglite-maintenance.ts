/**
 * The embedded database's housekeeping: what PostgreSQL's autovacuum does
 * for a server, which PGlite (one backend, no background processes) never
 * does by itself.
 *
 * Without it every update leaves its old row behind for good: an upvote
 * rewrites its list's row, and lookups by key wade through the dead
 * versions (an upvote's statement went from 0.7 to 1.5 ms over 10,000
 * toggles, and back to 0.4 after a VACUUM; docs/performance.md, "The
 * embedded database vacuums itself"). Statistics for the planner are never
 * refreshed either, and transaction ids are never frozen, which after
 * enough writes would stop the database (wraparound).
 *
 * PGlite runs on the server's one thread, so a VACUUM stops every request
 * while it works. Hence small and often: a look every few seconds at the
 * database's own counts, and one table at a time, vacuumed while its dead
 * rows are still few (a few milliseconds for the small busy tables). A big
 * table's pass is long whatever its dead rows: the lists' took 290 ms at
 * 100,000 lists and 2.2 s at a million with a few thousand dead rows (0.3 s
 * even without cleaning its indexes), so while the server runs a table over
 * `maxPages` is vacuumed only when its transaction ids grow old; big tables
 * get their pass at start-up, before the server listens, as does a database
 * never vacuumed (a directory from before this existed, or a bulk load).
 *
 * Nor does PGlite ever checkpoint while it runs: PostgreSQL asks its
 * checkpointer process for one as the write-ahead log grows, and PGlite,
 * one backend without that process, checkpoints only when it closes. Its
 * `pg_wal` directory grew by every byte written (1.4 GB after 1.4 GB of
 * writes, 8-9 KB an upvote) until the server stopped, and a crash would have
 * replayed all of it at the next start. So a look also checkpoints once the
 * log written since the last checkpoint passes the distance at which
 * PostgreSQL's checkpointer would start one with the same settings
 * (docs/performance.md, "The embedded database checkpoints").
 */
import type { PGlite } from "@electric-sql/pglite";

/** What the maintenance did, for the log. */
export interface MaintenanceEvent {
  /** The table, or CHECKPOINT_TARGET for a checkpoint. */
  table: string;
  action: "vacuum" | "analyze" | "checkpoint";
  why: string;
  ms: number;
}

export interface MaintenanceOptions {
  /** How often the counts are looked at. */
  everyMs?: number;
  /** A table is vacuumed once it has this many dead rows plus a share of its live ones. */
  deadRows?: number;
  deadShare?: number;
  /** Analysed once this many rows plus a share of its live ones changed since its statistics. */
  changedRows?: number;
  changedShare?: number;
  /** Vacuumed once this many rows were added since its last vacuum plus a share of its live ones. */
  insertedRows?: number;
  insertedShare?: number;
  /** Vacuumed (which then freezes) once its oldest unfrozen transaction is this old. */
  freezeAge?: number;
  /** Tables larger than this (pages of 8 kB) wait for the next start, unless their transaction ids grow old. */
  maxPages?: number;
  /**
   * A checkpoint once this many bytes of write-ahead log were written since
   * the last; null for the checkpointer's own distance with the database's
   * settings (checkpointDue).
   */
  checkpointBytes?: number | null;
}

/** The `table` of a checkpoint's event: it writes every table's pages and frees the log's old files. */
export const CHECKPOINT_TARGET = "(write-ahead log)";

/**
 * The defaults: ten times as eager as autovacuum's (50 rows plus 20 %),
 * since here a pass stops the server and a pass with fewer dead rows is
 * shorter (on the small busy tables a few milliseconds); 2,000 pages
 * (16 MB) is where a pass stops being short whatever its dead rows. The
 * freeze age is half of PostgreSQL's own limit for a vacuum that must
 * freeze (200 million).
 */
export const MAINTENANCE_DEFAULTS: Required<MaintenanceOptions> = {
  everyMs: 5_000,
  deadRows: 500,
  deadShare: 0.02,
  changedRows: 500,
  changedShare: 0.1,
  insertedRows: 1_000,
  insertedShare: 0.2,
  freezeAge: 100_000_000,
  maxPages: 2_000,
  checkpointBytes: null,
};

/** A pass to run: a table's VACUUM or ANALYZE, or a checkpoint. */
type MaintenanceWork = Omit<MaintenanceEvent, "ms">;

type Client = Pick<PGlite, "query" | "exec">;

const quoted = (table: string) => `"${table.replace(/"/g, '""')}"`;

/**
 * Tables that need a pass now, most urgent first. The counts are the
 * database's since this process opened it (PGlite keeps none across
 * restarts), so the age of the oldest unfrozen transaction, which lives in
 * the catalogue, is what guarantees freezing, for big tables too.
 */
export async function tablesDue(client: Client, o: Required<MaintenanceOptions>): Promise<MaintenanceWork[]> {
  const { rows } = await client.query<{ table: string; action: "vacuum" | "analyze"; why: string }>(
    `SELECT s.relname AS table,
       CASE WHEN s.n_dead_tup >= $1::int + $2::float8 * s.n_live_tup
              OR s.n_ins_since_vacuum >= $5::int + $6::float8 * s.n_live_tup
              OR age(c.relfrozenxid) >= $7::int
            THEN 'vacuum' ELSE 'analyze' END AS action,
       CASE WHEN age(c.relfrozenxid) >= $7::int THEN 'transaction ids ' || age(c.relfrozenxid) || ' old'
            WHEN s.n_dead_tup >= $1::int + $2::float8 * s.n_live_tup THEN s.n_dead_tup || ' dead rows'
            WHEN s.n_ins_since_vacuum >= $5::int + $6::float8 * s.n_live_tup THEN s.n_ins_since_vacuum || ' rows added'
            ELSE s.n_mod_since_analyze || ' rows changed' END AS why
     FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     WHERE (pg_relation_size(c.oid) <= $8::bigint * current_setting('block_size')::int
         AND (s.n_dead_tup >= $1::int + $2::float8 * s.n_live_tup
           OR s.n_mod_since_analyze >= $3::int + $4::float8 * s.n_live_tup
           OR s.n_ins_since_vacuum >= $5::int + $6::float8 * s.n_live_tup))
        OR age(c.relfrozenxid) >= $7::int
     ORDER BY age(c.relfrozenxid) >= $7::int DESC, s.n_dead_tup DESC, s.n_mod_since_analyze DESC`,
    [
      o.deadRows,
      o.deadShare,
      o.changedRows,
      o.changedShare,
      o.insertedRows,
      o.insertedShare,
      o.freezeAge,
      o.maxPages,
    ],
  );
  return rows;
}

/**
 * The start-up pass: a VACUUM of every table of 8 pages or more (it reads
 * only the pages changed since the last one, so it is quick where little
 * changed, and it is when the big tables get theirs), and an ANALYZE of
 * every table never analysed. Smaller tables are left to the running
 * maintenance.
 */
export async function tablesAtStartUp(client: Client): Promise<MaintenanceWork[]> {
  const { rows } = await client.query<{ table: string; pages: number; analysed: boolean }>(
    // The pages from the file's size: the catalogue's count is as old as the last VACUUM or ANALYZE.
    `SELECT * FROM (
       SELECT c.relname AS table, (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages,
         EXISTS (SELECT 1 FROM pg_statistic s WHERE s.starelid = c.oid) AS analysed
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r'
     ) t WHERE pages >= 8 ORDER BY pages DESC`,
  );
  return rows.flatMap((r): MaintenanceWork[] => [
    { table: r.table, action: "vacuum", why: `start-up, ${r.pages} pages` },
    ...(r.analysed ? [] : [{ table: r.table, action: "analyze" as const, why: "never analysed" }]),
  ]);
}

async function run(client: Client, work: MaintenanceWork): Promise<MaintenanceEvent> {
  const started = performance.now();
  // VACUUM cannot run inside a transaction: `exec` sends it on its own,
  // after any transaction under way (PGlite's lock).
  // Statistics are refreshed apart, once enough rows changed: an ANALYZE
  // samples 30,000 rows, and PGlite's memory keeps its high mark (30 MB
  // more for the lists' sample).
  await client.exec(
    work.action === "checkpoint"
      ? "CHECKPOINT"
      : `${work.action === "vacuum" ? "VACUUM" : "ANALYZE"} ${quoted(work.table)}`,
  );
  return { ...work, ms: performance.now() - started };
}

/**
 * A checkpoint, when the log written since the last one has passed
 * `bytes`, or by default max_wal_size ÷ (1 + checkpoint_completion_target):
 * where PostgreSQL's checkpointer starts one, so that with its completion
 * target the log stays within max_wal_size (PGlite's 1 GB: about 540 MB).
 * The checkpoint writes the buffer pool's changed pages (a stop of 42-98
 * ms with the 32 MB pool, measured) and, with max_wal_size, bounds the
 * log's files kept for reuse.
 */
export async function checkpointDue(client: Client, bytes: number | null): Promise<MaintenanceWork | null> {
  const { rows } = await client.query<{ written: string; due: boolean }>(
    `SELECT w.written::text AS written, w.written >= coalesce($1::float8,
         pg_size_bytes(current_setting('max_wal_size')) / (1 + current_setting('checkpoint_completion_target')::float8)) AS due
     FROM (SELECT pg_current_wal_lsn() - (pg_control_checkpoint()).redo_lsn AS written) w`,
    [bytes],
  );
  const row = rows[0];
  if (!row?.due) return null;
  const mb = Math.round(Number(row.written) / 1048576);
  return { table: CHECKPOINT_TARGET, action: "checkpoint", why: `${mb} MB of log since the last checkpoint` };
}

/** The start-up pass (tablesAtStartUp), before the server listens. */
export async function vacuumAtStartUp(client: Client, report: (e: MaintenanceEvent) => void): Promise<void> {
  for (const work of await tablesAtStartUp(client)) report(await run(client, work));
}

/**
 * One look: every table due gets its pass, most urgent first, one pass at a
 * time. Statements asked for during a pass run before the next pass starts
 * (PGlite's lock serves them in turn), so no pass stops the server for more
 * than one table. Every table due is served at each look: with one table a
 * look, a table that gathers dead rows all the time (the scores every
 * Global Rankings vote rewrites) could come first at every look, and tables
 * that only grow (upvotes, favourites, notifications) went unanalysed
 * while the server ran. Their statements kept the plans made while they
 * were empty, reading the whole table where an index finds the row, and
 * grew slower with the table (docs/performance.md, "Plans made on empty
 * tables"); an ANALYZE makes PostgreSQL plan them again. Then a checkpoint,
 * if one is due (checkpointDue).
 */
export async function maintainOnce(
  client: Client,
  report: (e: MaintenanceEvent) => void,
  options: MaintenanceOptions = {},
  stopped: () => boolean = () => false,
): Promise<void> {
  const o = { ...MAINTENANCE_DEFAULTS, ...options };
  for (const work of await tablesDue(client, o)) {
    if (stopped()) return;
    report(await run(client, work));
  }
  if (stopped()) return;
  const checkpoint = await checkpointDue(client, o.checkpointBytes);
  if (checkpoint) report(await run(client, checkpoint));
}

/**
 * Looks every `everyMs` (maintainOnce). Returns the stop; a failure is
 * reported and the next look tries again.
 */
export function maintainPglite(
  client: Client,
  report: (e: MaintenanceEvent) => void,
  onError: (error: Error) => void,
  options: MaintenanceOptions = {},
): { stop: () => Promise<void> } {
  const o = { ...MAINTENANCE_DEFAULTS, ...options };
  let running: Promise<void> | null = null;
  let stopped = false;
  const look = () => maintainOnce(client, report, o, () => stopped);
  const timer = setInterval(() => {
    running ??= look()
      .catch((error: Error) => onError(error))
      .finally(() => (running = null));
  }, o.everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
