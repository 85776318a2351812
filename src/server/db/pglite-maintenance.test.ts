import { PGlite } from "@electric-sql/pglite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  CHECKPOINT_TARGET,
  MAINTENANCE_DEFAULTS,
  checkpointDue,
  type MaintenanceEvent,
  maintainOnce,
  maintainPglite,
  tablesDue,
  vacuumAtStartUp,
} from "./pglite-maintenance.ts";

const stat = async (client: PGlite, table: string) =>
  (
    await client.query<{ dead: number; vacuumed: boolean; visible: number; pages: number }>(
      `SELECT s.n_dead_tup::int AS dead, s.last_vacuum IS NOT NULL AS vacuumed,
         c.relallvisible AS visible, c.relpages AS pages
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relname = $1`,
      [table],
    )
  ).rows[0]!;

describe("the embedded database's housekeeping", () => {
  let client: PGlite;
  beforeEach(async () => {
    client = new PGlite();
    await client.exec(`
      CREATE TABLE votes (id int PRIMARY KEY, n int NOT NULL);
      CREATE INDEX votes_n_idx ON votes (n);
      INSERT INTO votes SELECT g, 0 FROM generate_series(1, 5000) g;
      CREATE TABLE quiet (id int PRIMARY KEY);
      INSERT INTO quiet VALUES (1);`);
  });
  afterEach(() => client.close());

  it("vacuums and analyses at start-up, and analyses again only what never was", async () => {
    const events: MaintenanceEvent[] = [];
    await vacuumAtStartUp(client, (e) => events.push(e));
    expect(events.map((e) => [e.table, e.action])).toEqual([
      ["votes", "vacuum"],
      ["votes", "analyze"],
    ]);
    const after = await stat(client, "votes");
    expect(after.vacuumed).toBe(true);
    expect(after.visible).toBe(after.pages);

    const again: MaintenanceEvent[] = [];
    await vacuumAtStartUp(client, (e) => again.push(e));
    expect(again.map((e) => [e.table, e.action])).toEqual([["votes", "vacuum"]]);
  });

  it("picks the table whose rows were rewritten, and a pass leaves it without dead rows", async () => {
    await vacuumAtStartUp(client, () => {});
    // Each update of an indexed column leaves the old row dead.
    for (let i = 0; i < 3; i++) await client.exec("UPDATE votes SET n = n + 1 WHERE id <= 1000");
    // The database publishes its counts at most once a second.
    let due = await tablesDue(client, MAINTENANCE_DEFAULTS);
    while (due.length === 0) {
      await new Promise((r) => setTimeout(r, 200));
      due = await tablesDue(client, MAINTENANCE_DEFAULTS);
    }
    expect(due[0]).toMatchObject({ table: "votes", action: "vacuum", why: "3000 dead rows" });
    expect(due.map((d) => d.table)).not.toContain("quiet");
    // A table too big for a pass while the server runs waits for the next start.
    expect(await tablesDue(client, { ...MAINTENANCE_DEFAULTS, maxPages: 8 })).toEqual([]);

    const events: MaintenanceEvent[] = [];
    const maintenance = maintainPglite(
      client,
      (e) => events.push(e),
      (e) => {
        throw e;
      },
      { everyMs: 20 },
    );
    // One pass a table at a look: the vacuum first, then (its rows changed) its statistics.
    while (events.length < 2) await new Promise((r) => setTimeout(r, 20));
    await maintenance.stop();
    expect(events.map((e) => [e.table, e.action])).toEqual([
      ["votes", "vacuum"],
      ["votes", "analyze"],
    ]);
    expect((await stat(client, "votes")).dead).toBe(0);
    expect(await tablesDue(client, MAINTENANCE_DEFAULTS)).toEqual([]);
  });

  it("serves every table due at one look, so a table that only grows is analysed and its statements planned again", async () => {
    await vacuumAtStartUp(client, () => {});
    // Like the upvotes of a fresh install: analysed while empty, and a
    // statement planned once (generic plans, as pglite-statements.ts keeps them).
    await client.exec("CREATE TABLE upvotes (voter text, list text, PRIMARY KEY (voter, list))");
    await client.exec("ANALYZE upvotes");
    await client.exec(`SET plan_cache_mode = force_generic_plan;
      PREPARE voted(text, text) AS SELECT EXISTS (SELECT 1 FROM upvotes WHERE voter = $1 AND list = $2)`);
    const plan = async () =>
      (await client.query<{ "QUERY PLAN": string }>("EXPLAIN EXECUTE voted('m1', 'l1')")).rows
        .map((r) => r["QUERY PLAN"])
        .join("\n");
    // Planned at its first run, while the table is empty: read it whole.
    expect(await plan()).toMatch(/Seq Scan on upvotes/);
    await client.exec("INSERT INTO upvotes SELECT 'm' || g, 'l' || (g % 97) FROM generate_series(1, 600) g");
    // The plan is kept as the table grows: every run reads all of it.
    expect(await plan()).toMatch(/Seq Scan on upvotes/);
    // Meanwhile another table gathers more dead rows than anything else.
    for (let i = 0; i < 3; i++) await client.exec("UPDATE votes SET n = n + 1 WHERE id <= 2000");
    let due = await tablesDue(client, MAINTENANCE_DEFAULTS);
    while (due.length < 2) {
      await new Promise((r) => setTimeout(r, 200));
      due = await tablesDue(client, MAINTENANCE_DEFAULTS);
    }
    expect(due.map((d) => [d.table, d.action])).toEqual([
      ["votes", "vacuum"],
      ["upvotes", "analyze"],
    ]);

    const events: MaintenanceEvent[] = [];
    await maintainOnce(client, (e) => events.push(e));
    expect(events.map((e) => [e.table, e.action])).toEqual([
      ["votes", "vacuum"],
      ["upvotes", "analyze"],
    ]);
    expect(await plan()).toMatch(/Index Only Scan using upvotes_pkey on upvotes/);
  });

  it("vacuums a table whose transaction ids grow old, dead rows or not (no wraparound)", async () => {
    await vacuumAtStartUp(client, () => {});
    expect(await tablesDue(client, MAINTENANCE_DEFAULTS)).toEqual([]);
    // Any table holds ids older than 0: with the age lowered, every one is
    // due for a freezing vacuum, big or not.
    const due = await tablesDue(client, { ...MAINTENANCE_DEFAULTS, freezeAge: 0, maxPages: 0 });
    expect(due.map((d) => [d.table, d.action]).sort()).toEqual([
      ["quiet", "vacuum"],
      ["votes", "vacuum"],
    ]);
    expect(due[0]!.why).toMatch(/^transaction ids \d+ old$/);
  });

  it("checkpoints once the log written since the last passes the distance, and not again until it does", async () => {
    const logSinceCheckpoint = async () =>
      Number(
        (
          await client.query<{ bytes: string }>(
            "SELECT (pg_current_wal_lsn() - (pg_control_checkpoint()).redo_lsn)::text AS bytes",
          )
        ).rows[0]!.bytes,
      );
    // About 10 MB of log: 3,000 rows of 960 characters, written three times.
    await client.exec("CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)");
    for (let i = 0; i < 3; i++)
      await client.exec(
        "INSERT INTO notes SELECT g, repeat(md5(g::text || random()::text), 30) FROM generate_series(1, 3000) g " +
          "ON CONFLICT (id) DO UPDATE SET body = excluded.body",
      );
    const before = await logSinceCheckpoint();
    expect(before).toBeGreaterThan(4 * 1048576);
    // PostgreSQL's own distance (about 540 MB with PGlite's 1 GB max_wal_size) is far off.
    expect(await checkpointDue(client, null)).toBeNull();

    const events: MaintenanceEvent[] = [];
    await maintainOnce(client, (e) => events.push(e), { checkpointBytes: 4 * 1048576 });
    const checkpoints = events.filter((e) => e.action === "checkpoint");
    expect(checkpoints).toEqual([
      {
        table: CHECKPOINT_TARGET,
        action: "checkpoint",
        why: expect.stringMatching(/^\d+ MB of log since the last checkpoint$/),
        ms: expect.any(Number),
      },
    ]);
    // The look's own passes (the new table's ANALYZE) may add a little log before it measures.
    expect(Number(checkpoints[0]!.why.split(" ")[0])).toBeGreaterThanOrEqual(Math.floor(before / 1048576));
    expect(await logSinceCheckpoint()).toBeLessThan(64 * 1024);

    const again: MaintenanceEvent[] = [];
    await maintainOnce(client, (e) => again.push(e), { checkpointBytes: 4 * 1048576 });
    expect(again.filter((e) => e.action === "checkpoint")).toEqual([]);
  });

  it("reports a failed look and keeps looking", async () => {
    const errors: Error[] = [];
    const broken = {
      query: () => Promise.reject(new Error("database away")),
      exec: () => Promise.reject(new Error("database away")),
    } as unknown as PGlite;
    const maintenance = maintainPglite(
      broken,
      () => {},
      (e) => errors.push(e),
      { everyMs: 10 },
    );
    while (errors.length < 2) await new Promise((r) => setTimeout(r, 10));
    await maintenance.stop();
    expect(errors[0]!.message).toBe("database away");
  });
});
