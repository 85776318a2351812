import { inArray, sql } from "drizzle-orm";
import type pg from "pg";
import type { Database } from "../../db/client.ts";
import { consensusResults } from "../../db/schema/index.ts";
import type { Logger } from "../../logger.ts";
import type { Store } from "../../store.ts";
import { createBallotReader } from "./ballot-reader.ts";
import { computeInWorker } from "./run-in-worker.ts";

/**
 * Keeps the stored Community Consensus up to date (docs/product.md,
 * "Community Consensus"; docs/decisions/018-consensus-refresh.md).
 *
 * - Any list saved or deleted, any Global Rankings submission, in any
 *   process (domain events cross processes), marks the consensus stale.
 * - A stale consensus is recomputed `debounceMs` later (a burst of saves is
 *   one refresh; after a long read or fit, later: see REST_PER_READ), by one process only: the one holding a PostgreSQL advisory
 *   lock. The others try for it every `retryMs`, so when the computing
 *   process stops another takes over and recomputes. On PGlite there is one
 *   process and it always computes.
 * - The lists are read here (ballot-reader.ts: what it read is kept, and
 *   only the members the events name are read again), the fit runs in a worker
 *   thread, and the results are written in one transaction; then the
 *   "consensus-computed" event tells every process to drop what it cached.
 * - Only the slices whose ballots changed are fitted again (and only the
 *   Global Rankings categories whose submissions changed get new ranges):
 *   the refresher keeps each stored result's fingerprint
 *   (slice-fingerprint.ts), and one that still has it keeps its stored
 *   result, with a new time of computing.
 *   A season list saved leaves every castaway slice alone. The fingerprints
 *   are forgotten when a refresh fails, when this process starts computing,
 *   and on `refreshNow()` (everything read and fitted again).
 */

/** Any constant shared by every process of the site; it names the lock of "who computes the consensus". */
const CONSENSUS_LOCK_ID = 0x5c0_4e45;

export interface RefresherOptions {
  /** Wait after the first change before recomputing (a burst of changes is one refresh). */
  debounceMs: number;
  /** How often a process that does not compute tries to become the one that does. */
  retryMs: number;
}

export const REFRESH_DEFAULTS: RefresherOptions = { debounceMs: 5_000, retryMs: 30_000 };

/**
 * Reading the lists takes the main thread's time on PGlite (its database
 * runs there): a refresh waits at least this many times the last read after
 * the previous one began, so reading takes at most a twentieth of the main
 * thread even while lists change all the time (at a quarter it was the
 * largest cost of the mixed workload: docs/performance.md)...
 */
const REST_PER_READ = 19;
/**
 * ...and this many times the last fit: the fit has a core to itself only on
 * a machine with cores to spare. Once reads were only of what changed, a
 * 2 s fit every 5 s took two fifths of the second core from the requests.
 */
const REST_PER_FIT = 9;
/** ...but never longer than this, so a change is in the consensus within a minute at a million lists. */
const MAX_REST_MS = 30_000;

export interface RefreshFigures {
  lists: number;
  /** Slices fitted again, of all the slices (the others' ballots had not changed). */
  slicesFitted: number;
  slices: number;
  /** Open Global Rankings categories whose ranges were computed again, of all of them. */
  categoriesComputed: number;
  categories: number;
  /** Members whose lists and submissions were read again, or "all". */
  membersRead: number | "all";
  readMs: number;
  fitMs: number;
  writeMs: number;
  peakRss: number;
}

export interface ConsensusRefresher {
  /** Whether this process is the one that computes. */
  readonly leading: boolean;
  /**
   * Recomputes now if this process leads (waits for one in progress first);
   * the figures, or null when it does not lead. Reads and fits everything
   * again unless `changesOnly` (tests and the bench write to the database
   * behind the events' back); with it, does what the timer would.
   */
  refreshNow(options?: { changesOnly?: boolean }): Promise<RefreshFigures | null>;
  /** Stops the timers, waits for a refresh in progress, gives the lock back. */
  close(): Promise<void>;
}

/** Who computes: always this process on PGlite; on PostgreSQL the holder of the advisory lock. */
function leadership(database: Database, logger: Logger) {
  let held: pg.PoolClient | null = null;
  return {
    get leading() {
      return database.kind === "pglite" || held !== null;
    },
    async tryToLead(): Promise<boolean> {
      if (database.kind === "pglite" || held) return true;
      const client = await database.pool!.connect();
      try {
        const { rows } = await client.query<{ got: boolean }>("SELECT pg_try_advisory_lock($1) AS got", [
          CONSENSUS_LOCK_ID,
        ]);
        if (!rows[0]?.got) {
          client.release();
          return false;
        }
      } catch (e) {
        client.release(e as Error);
        throw e;
      }
      // The lock lives as long as this connection: when it breaks (or this
      // process dies) PostgreSQL lets go, and another process takes over.
      client.on("error", (e) => {
        if (held !== client) return;
        logger.error("consensus: lost the connection holding the lock", { error: e.message });
        held = null;
        client.release(e);
      });
      held = client;
      logger.info("consensus: this process computes the community consensus");
      return true;
    },
    async resign(): Promise<void> {
      const client = held;
      held = null;
      if (!client) return;
      await client.query("SELECT pg_advisory_unlock($1)", [CONSENSUS_LOCK_ID]).catch(() => {});
      client.release();
    },
  };
}

export function createConsensusRefresher(
  store: Store,
  database: Database,
  logger: Logger,
  options: RefresherOptions = REFRESH_DEFAULTS,
): ConsensusRefresher {
  const lead = leadership(database, logger);
  let stale = true;
  let closed = false;
  let running: Promise<RefreshFigures | null> | null = null;
  let timer: NodeJS.Timeout | null = null;
  // When the last refresh began, and how long it read: the next waits for both.
  let lastStart = Number.NEGATIVE_INFINITY;
  let lastReadMs = 0;
  let lastFitMs = 0;

  const schedule = (ms: number) => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void tick();
    }, ms);
    timer.unref();
  };
  const afterRest = () => {
    const rest = Math.min(REST_PER_READ * lastReadMs + REST_PER_FIT * lastFitMs, MAX_REST_MS);
    return Math.max(options.debounceMs, lastStart + rest - performance.now());
  };

  const reader = createBallotReader(store);
  // Each stored slice's fingerprint: what its last fit read.
  const fitted = new Map<string, string>();

  async function refresh(): Promise<RefreshFigures | null> {
    const ledBefore = lead.leading;
    if (!(await lead.tryToLead())) return null;
    // Changes made while another process computed were not kept here, and
    // what it stored was fitted there.
    if (!ledBefore) {
      reader.readEverything();
      fitted.clear();
    }
    stale = false;
    let t = (lastStart = performance.now());
    const { job, membersRead } = await reader.read();
    const lists = job.seasons.member.length + job.castaways.member.length;
    const readMs = (lastReadMs = performance.now() - t);
    const answer = await computeInWorker({ ...job, known: Object.fromEntries(fitted) });
    reader.giveBack(answer.lists);
    lastFitMs = answer.fitMs;
    t = performance.now();
    const computedAt = new Date();
    const { slices, categories } = answer.computed;
    const results = [
      ...slices.map((s) => ({ key: s.key, fingerprint: s.fingerprint, result: s.slice })),
      ...categories.map((c) => ({ key: c.key, fingerprint: c.fingerprint, result: c.ranges })),
    ];
    const rows = results.flatMap(({ key, result }) => (result ? [{ key, computedAt, result }] : []));
    const unchanged = results.filter((r) => !r.result).map((r) => r.key);
    await store.db.transaction(async (tx) => {
      if (rows.length > 0) {
        await tx
          .insert(consensusResults)
          .values(rows)
          .onConflictDoUpdate({
            target: consensusResults.key,
            set: { computedAt: sql`excluded.computed_at`, result: sql`excluded.result` },
          });
      }
      if (unchanged.length === 0) return;
      const touched = await tx
        .update(consensusResults)
        .set({ computedAt })
        .where(inArray(consensusResults.key, unchanged))
        .returning({ key: consensusResults.key });
      // Someone removed a stored result: fail, forget, and compute everything next time.
      if (touched.length !== unchanged.length) throw new Error("a stored consensus result is missing");
    });
    for (const r of results) fitted.set(r.key, r.fingerprint);
    const writeMs = performance.now() - t;
    await store.events.emit("consensus-computed", { computedAt: computedAt.toISOString() });
    const slicesFitted = slices.filter((s) => s.slice).length;
    const figures = {
      lists,
      slicesFitted,
      slices: slices.length,
      categoriesComputed: categories.filter((c) => c.ranges).length,
      categories: categories.length,
      membersRead,
      readMs,
      fitMs: answer.fitMs,
      writeMs,
      peakRss: answer.peakRss,
    };
    logger.info("consensus: computed", {
      lists,
      slices: `${slicesFitted} of ${slices.length} fitted`,
      categories: `${figures.categoriesComputed} of ${categories.length} computed`,
      membersRead,
      readMs: Math.round(readMs),
      fitMs: Math.round(answer.fitMs),
      writeMs: Math.round(writeMs),
    });
    return figures;
  }

  function runOnce(): Promise<RefreshFigures | null> {
    running ??= refresh()
      .catch((e: Error) => {
        stale = true;
        fitted.clear();
        logger.error("consensus: refresh failed; trying again later", { error: e.message });
        return null;
      })
      .finally(() => {
        running = null;
        // Changed while it ran (or failed): again after a rest. Not the one
        // computing: try for the lock now and then.
        if (lead.leading && stale) schedule(afterRest());
        else if (!lead.leading) schedule(options.retryMs);
      });
    return running;
  }

  async function tick() {
    if (closed) return;
    if (running) await running;
    if (stale || !lead.leading) await runOnce();
  }

  const markStale = () => {
    stale = true;
    if (lead.leading && !running) schedule(afterRest());
  };
  const unsubscribe = [
    store.events.on("list-saved", (e) => {
      reader.memberChanged(e.ownerId);
      markStale();
    }),
    store.events.on("list-deleted", (e) => {
      reader.memberChanged(e.ownerId);
      markStale();
    }),
    store.events.on("submission-saved", (e) => {
      reader.submissionChanged(e.categoryId, e.userId);
      markStale();
    }),
    store.events.on("category-changed", (e) => {
      reader.categoryChanged(e.categoryId);
      markStale();
    }),
    store.events.onMissed(() => {
      reader.readEverything();
      markStale();
    }),
  ];
  schedule(0);

  return {
    get leading() {
      return lead.leading;
    },
    async refreshNow(options) {
      if (running) await running;
      if (!options?.changesOnly) {
        reader.readEverything();
        fitted.clear();
      }
      stale = true;
      return runOnce();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const off of unsubscribe) off();
      await running;
      await lead.resign();
    },
  };
}
