import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminQuery, createScratchDatabase, type ScratchDatabase } from "#testing/scratch-postgres.ts";
import { type Database, openPglite, openPostgres } from "./client.ts";

const journal = JSON.parse(
  readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8"),
) as { entries: { tag: string; when: number }[] };
const migrationCount = journal.entries.length;

describe("the migrations' journal", () => {
  // The migrator applies only migrations dated after the last one a
  // database has: one dated earlier (drizzle-kit dates a new one now, and
  // some here are dated ahead) would be skipped on every existing database.
  it("dates each migration after the one before it", () => {
    for (let i = 1; i < journal.entries.length; i++) {
      const [before, entry] = [journal.entries[i - 1]!, journal.entries[i]!];
      expect(entry.when, `${entry.tag} is dated before ${before.tag}`).toBeGreaterThan(before.when);
    }
  });
});

type Rows<T> = { rows: T[] };

async function appliedMigrations(database: Database): Promise<{ hash: string; created_at: string }[]> {
  const result = (await database.db.execute(
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`,
  )) as Rows<{ hash: string; created_at: string }>;
  return result.rows;
}

describe.skipIf(process.env.TEST_DB_KIND === "postgres")("openPglite", () => {
  it("migrates an empty database, and a second migrate applies nothing", async () => {
    const database = await openPglite(null);
    try {
      await database.migrate();
      const first = await appliedMigrations(database);
      expect(first).toHaveLength(migrationCount);
      await database.migrate();
      expect(await appliedMigrations(database)).toEqual(first);
    } finally {
      await database.close();
    }
  });
});

// Needs a PostgreSQL server; `npm test` runs it when TEST_DATABASE_URL is set.
describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB_KIND !== "postgres")(
  "openPostgres",
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    let scratch: ScratchDatabase;
    let url: string;
    let name: string;
    const admin = (query: string) => adminQuery(adminUrl, query);

    beforeAll(async () => {
      scratch = await createScratchDatabase(adminUrl, "sr_migrate");
      ({ url, name } = scratch);
    });
    afterAll(() => scratch.drop());

    it("lets several processes migrate one fresh database at the same moment", async () => {
      // One pool per would-be server process, all started together.
      const databases = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
      try {
        await Promise.all(databases.map((d) => d.migrate()));
        const applied = await appliedMigrations(databases[0]!);
        expect(applied).toHaveLength(migrationCount);
        expect(new Set(applied.map((m) => m.hash)).size).toBe(migrationCount);
        // The schema is really there.
        const tables = (await databases[0]!.db.execute(
          sql`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name in ('user', 'session', 'seasons', 'castaways')`,
        )) as Rows<{ n: number }>;
        expect(tables.rows[0]!.n).toBe(4);
        // A later start finds nothing to do.
        await databases[1]!.migrate();
        expect(await appliedMigrations(databases[0]!)).toEqual(applied);
      } finally {
        await Promise.all(databases.map((d) => d.close()));
      }
    });

    it("survives the server dropping its idle connections", async () => {
      const errors: Error[] = [];
      const database = await openPostgres(url, 4, (e) => errors.push(e));
      try {
        await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
        await admin(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
        );
        await new Promise((r) => setTimeout(r, 300));
        expect(errors.length).toBeGreaterThan(0);
        const result = (await database.db.execute(sql`select 1 as one`)) as Rows<{ one: number }>;
        expect(result.rows).toEqual([{ one: 1 }]);
      } finally {
        await database.close();
      }
    });
  },
);
