import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { adminQuery, createScratchDatabase, type ScratchDatabase } from "#testing/scratch-postgres.ts";
import { createHub, type RealtimeHub, SIGNAL_INTERVAL_MS } from "./hub.ts";

const logger = createLogger("silent");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("not within time");
    await sleep(10);
  }
}

describe("hub signals on one process (PGlite)", () => {
  it("has nobody to tell, and never misses anything", async () => {
    const hub = await createHub(null, logger);
    let heard = 0;
    hub.onSignal("browse", () => heard++);
    hub.signal("browse");
    await sleep(SIGNAL_INTERVAL_MS * 2);
    expect(heard).toBe(0);
    expect(hub.inSync()).toBe(true);
    await hub.close();
  });
});

// Two hubs on two connection pools stand for two processes on one database.
describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB_KIND !== "postgres")(
  "hub signals between processes (PostgreSQL)",
  () => {
    let scratch: ScratchDatabase;
    let databases: Database[];
    let one: RealtimeHub;
    let other: RealtimeHub;

    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "sr_hub");
      databases = await Promise.all([openPostgres(scratch.url, 3), openPostgres(scratch.url, 3)]);
      one = await createHub(databases[0]!.pool, logger);
      other = await createHub(databases[1]!.pool, logger);
    });
    afterAll(async () => {
      await Promise.all([one, other].map((h) => h?.close()));
      await Promise.all((databases ?? []).map((d) => d.close()));
      await scratch?.drop();
    });

    it("reaches the other process, not the sender, and never a browser's stream", async () => {
      const heard = { one: 0, other: 0, streams: 0 };
      const stops = [
        one.onSignal("browse", () => heard.one++),
        other.onSignal("browse", () => heard.other++),
        other.subscribe(null, () => heard.streams++),
      ];
      one.signal("browse");
      await waitFor(() => heard.other === 1);
      await sleep(100);
      expect(heard).toEqual({ one: 0, other: 1, streams: 0 });
      for (const stop of stops) stop();
    });

    it("folds a burst into the first signal and one at the end of the interval", async () => {
      await sleep(SIGNAL_INTERVAL_MS);
      let heard = 0;
      const stop = other.onSignal("burst", () => heard++);
      for (let i = 0; i < 20; i++) one.signal("burst");
      await waitFor(() => heard === 2);
      await sleep(SIGNAL_INTERVAL_MS * 3);
      expect(heard).toBe(2);
      stop();
    });

    it("is out of sync while its LISTEN connection is gone, and starts every cache over once back", async () => {
      let heard = 0;
      const stop = other.onSignal("browse", () => heard++);
      // Every connection of the database: both hubs lose their LISTEN.
      await adminQuery(
        process.env.TEST_DATABASE_URL!,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${scratch.name}'`,
      );
      await waitFor(() => !other.inSync());
      await waitFor(() => other.inSync(), 10_000);
      // Nothing was signalled; the reconnect itself runs the listeners.
      expect(heard).toBe(1);
      // And signals flow again.
      await waitFor(() => one.inSync(), 10_000);
      await sleep(SIGNAL_INTERVAL_MS);
      one.signal("browse");
      await waitFor(() => heard === 2);
      stop();
    }, 30_000);
  },
);
