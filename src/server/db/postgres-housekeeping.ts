/**
 * On PostgreSQL the server leaves its tables' housekeeping to the server's
 * autovacuum (on PGlite it does it itself: pglite-maintenance.ts). Votes,
 * favourites, sessions and rate-limit counts leave dead rows by the
 * thousand; without autovacuum nothing removes them or refreshes the
 * planner's statistics, and every query slows as they pile up. Both are
 * server-wide settings an application cannot change, so the server says so
 * in its log as it starts, where an operator looks.
 */
import type pg from "pg";

/** The settings autovacuum needs: itself, and the row counts it decides by. */
const NEEDED = ["autovacuum", "track_counts"] as const;

type Settings = Partial<Record<(typeof NEEDED)[number], string>>;

/** What an operator should hear about these settings; empty when all is well. */
export function housekeepingWarnings(settings: Settings): string[] {
  const warnings: string[] = [];
  if (settings.autovacuum === "off") {
    warnings.push(
      "PostgreSQL's autovacuum is off: dead rows will pile up and queries slow down; turn it on (autovacuum = on) or run VACUUM ANALYZE regularly",
    );
  }
  if (settings.track_counts === "off") {
    warnings.push(
      "PostgreSQL's track_counts is off: autovacuum cannot tell which tables need it; turn it on (track_counts = on)",
    );
  }
  return warnings;
}

/** The settings as the server runs with them (`SHOW` answers `on` or `off`). */
export async function readHousekeepingSettings(pool: pg.Pool): Promise<Settings> {
  const { rows } = await pool.query<{ name: string; setting: string }>(
    "SELECT name, setting FROM pg_settings WHERE name = ANY($1::text[])",
    [NEEDED],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
}
