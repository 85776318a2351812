import { type Database, openPglite, openPostgres } from "#server/db/client.ts";
import { loadReferenceData } from "#server/modules/seasons/reference-data.ts";
import { seedReferenceData } from "#server/modules/seasons/seasons.service.ts";
import { seedCategories } from "#server/modules/global-rankings/global-rankings.service.ts";
import { createScratchDatabase } from "./scratch-postgres.ts";

export interface TestDatabase extends Database {
  /** Closes the connection and, on PostgreSQL, drops the scratch database. */
  dispose(): Promise<void>;
  /**
   * PostgreSQL only: a second connection pool on the same database, as a
   * second server process would have (closed by dispose too).
   */
  secondPool?(): Promise<TestDatabase>;
}

/**
 * A fresh, migrated and seeded database for one test file: an in-memory PGlite,
 * or a new database on the server named by TEST_DATABASE_URL when the
 * postgres project runs. With `migrate: false` it is left empty (no tables).
 */
export async function createTestDatabase(
  opts: { seed?: boolean; migrate?: boolean } = {},
): Promise<TestDatabase> {
  const database =
    process.env.TEST_DB_KIND === "postgres" ? await createPostgresDatabase() : await pgliteDatabase();
  if (opts.migrate === false) return database;
  await database.migrate();
  if (opts.seed !== false) {
    await seedReferenceData(database.db, loadReferenceData());
    await seedCategories(database.db);
  }
  return database;
}

async function pgliteDatabase(): Promise<TestDatabase> {
  const database = await openPglite(null);
  return { ...database, dispose: () => database.close() };
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const scratch = await createScratchDatabase(adminUrl, "sr_test");
  // Tests check what is stored, not how fast: a loaded CI machine can queue
  // 500 concurrent writes on 20 connections for longer than a request waits.
  const database = await openPostgres(scratch.url, 20, undefined, 60_000);
  const others: Database[] = [];
  return {
    ...database,
    async secondPool() {
      const other = await openPostgres(scratch.url, 10, undefined, 60_000);
      others.push(other);
      return { ...other, dispose: () => other.close() };
    },
    async dispose() {
      await Promise.all(others.map((o) => o.close().catch(() => {})));
      await database.close();
      await scratch.drop();
    },
  };
}
