import { sql } from "drizzle-orm";

/**
 * Which committed transactions a read saw, told by the database itself.
 *
 * A statement reads one snapshot: the transactions committed when it began.
 * `pg_current_snapshot()` in the statement's own select list is that
 * snapshot, and `pg_current_xact_id()` in a write's statement is the write's
 * transaction. With both, an answer kept in memory can be moved by a write
 * exactly when it did not see it, however the two crossed in time: a count
 * over a million lists that was under way when a list was saved need not be
 * read again (docs/performance.md, "search counts kept through saves").
 */

/** The statement's snapshot, as its text `xmin:xmax:xip,…` (select it beside what it read). */
export const readSnapshot = sql<string>`pg_current_snapshot()::text`;

/** The writing transaction's id, as text (select or return it from a statement of the write). */
export const writeTransaction = sql<string>`pg_current_xact_id()::text`;

/** A snapshot as PostgreSQL describes it: every transaction below `xmin` had ended, none from `xmax` on had begun, `running` were under way. */
export interface Snapshot {
  xmin: bigint;
  xmax: bigint;
  running: readonly bigint[];
}

const SNAPSHOT_TEXT = /^(\d+):(\d+):((?:\d+(?:,\d+)*)?)$/;

export function parseSnapshot(text: string): Snapshot {
  const match = SNAPSHOT_TEXT.exec(text);
  if (!match) throw new Error(`Not a snapshot: ${text}`);
  const [, xmin, xmax, running] = match;
  return {
    xmin: BigInt(xmin!),
    xmax: BigInt(xmax!),
    running: running ? running.split(",").map((id) => BigInt(id)) : [],
  };
}

/**
 * Whether a read with `snapshot` saw the committed transaction `transactionId`:
 * it had ended before the read began (`pg_visible_in_snapshot`, for a
 * transaction known to have committed).
 */
export function sawTransaction(snapshot: Snapshot, transactionId: string): boolean {
  const id = BigInt(transactionId);
  if (id < snapshot.xmin) return true;
  return id < snapshot.xmax && !snapshot.running.includes(id);
}
