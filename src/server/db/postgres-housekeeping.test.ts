import pg from "pg";
import { describe, expect, it } from "vitest";
import { openPostgres } from "./client.ts";
import { housekeepingWarnings, readHousekeepingSettings } from "./postgres-housekeeping.ts";

describe("housekeepingWarnings", () => {
  it("says nothing when autovacuum and the counts it needs are on", () => {
    expect(housekeepingWarnings({ autovacuum: "on", track_counts: "on" })).toEqual([]);
  });

  it("names each setting that is off, and how to fix it", () => {
    expect(housekeepingWarnings({ autovacuum: "off", track_counts: "on" })).toEqual([
      expect.stringMatching(/autovacuum is off.*autovacuum = on/),
    ]);
    expect(housekeepingWarnings({ autovacuum: "on", track_counts: "off" })).toEqual([
      expect.stringMatching(/track_counts is off.*track_counts = on/),
    ]);
    expect(housekeepingWarnings({ autovacuum: "off", track_counts: "off" })).toHaveLength(2);
  });

  it("says nothing of a setting it could not read", () => {
    expect(housekeepingWarnings({})).toEqual([]);
  });
});

// The settings are the server's own (neither can be set for one session or
// database), so the expectation is read from the server beside the check.
describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB_KIND !== "postgres")(
  "on a PostgreSQL server",
  () => {
    const url = process.env.TEST_DATABASE_URL!;

    it("reads both settings as the server runs with them", async () => {
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      try {
        const settings = await readHousekeepingSettings(pool);
        const shown = async (name: string) =>
          (await pool.query<Record<string, string>>(`SHOW ${name}`)).rows[0]![name];
        expect(settings).toEqual({
          autovacuum: await shown("autovacuum"),
          track_counts: await shown("track_counts"),
        });
      } finally {
        await pool.end();
      }
    });

    it("warns through maintain() exactly when the server's settings call for it", async () => {
      const database = await openPostgres(url, 2);
      try {
        const warned: string[] = [];
        await database.maintain(
          () => {},
          (e) => {
            throw e;
          },
          (w) => warned.push(w),
        );
        const settings = await readHousekeepingSettings(database.pool!);
        expect(warned).toEqual(housekeepingWarnings(settings));
        expect(warned.length > 0).toBe(settings.autovacuum === "off" || settings.track_counts === "off");
      } finally {
        await database.close();
      }
    });
  },
);
