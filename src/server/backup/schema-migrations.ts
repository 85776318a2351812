import { sql } from "drizzle-orm";
import { type MigrationMeta, readMigrationFiles } from "drizzle-orm/migrator";
import { type Db, migrationsFolder } from "../db/client.ts";
import { RefusedBackupError } from "./errors.ts";

/**
 * A backup carries data, not schema: restore builds the schema from this
 * version's own migrations, up to the ones the source had applied, loads the
 * data into it, then applies the newer ones. These are the migrations and
 * the bookkeeping drizzle's migrator keeps, so a server started on the
 * restored database finds nothing left to apply.
 */

export const ourMigrations = (): MigrationMeta[] => readMigrationFiles({ migrationsFolder });

/** As drizzle's migrator creates it. */
export const MIGRATIONS_TABLE_SQL = `CREATE SCHEMA IF NOT EXISTS "drizzle";
CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint);`;

export const RECORD_MIGRATION_SQL = `INSERT INTO "drizzle"."__drizzle_migrations" ("hash", "created_at") VALUES ($1, $2)`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The hashes of the migrations the database has applied, in order; they must be this version's. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const [exists] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS ok`),
  );
  if (!exists?.ok) throw new Error("The database has no schema yet: start the server on it once first.");
  const applied = rowsOf<{ hash: string }>(
    await db.execute(sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY id`),
  ).map((r) => r.hash);
  const ours = ourMigrations().map((m) => m.hash);
  applied.forEach((hash, i) => {
    if (ours[i] !== hash) {
      throw new Error(
        `The database has a migration this version does not know (number ${i + 1}): back it up with the version that applied it.`,
      );
    }
  });
  return applied;
}

/** How many of our migrations the backup's data belongs to; refuses a backup from a newer or other schema. */
export function migrationsOfBackup(hashes: string[]): number {
  const ours = ourMigrations().map((m) => m.hash);
  if (hashes.length === 0) throw new RefusedBackupError("This backup names no schema (no migrations).");
  hashes.forEach((hash, i) => {
    if (ours[i] !== hash) {
      throw new RefusedBackupError(
        i >= ours.length
          ? "This backup was taken by a newer version (its schema has more migrations): restore it with that version."
          : `This backup's schema is not this version's (migration ${i + 1} differs).`,
      );
    }
  });
  return hashes.length;
}
