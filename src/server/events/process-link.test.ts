import { EventEmitter } from "node:events";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { createProcessLink } from "./process-link.ts";

/**
 * A stand-in for pg's pool whose clients behave as pg-pool's do where it
 * matters here: a second release throws. Only the error order is staged;
 * the PostgreSQL run of domain-events.test.ts drives real connections.
 */
function fakePool() {
  const clients: (EventEmitter & { releases: number })[] = [];
  const pool = {
    async connect() {
      const client = Object.assign(new EventEmitter(), {
        releases: 0,
        async query() {
          return { rows: [], rowCount: 0 };
        },
        release() {
          client.releases++;
          if (client.releases > 1)
            throw new Error("Release called on client which has already been released to the pool.");
        },
      });
      clients.push(client);
      return client;
    },
  };
  return { pool: pool as unknown as pg.Pool, clients };
}

describe("process link", () => {
  it("releases a dropped sending connection once, however many errors it reports, and after close", async () => {
    const { pool, clients } = fakePool();
    const link = await createProcessLink(pool, createLogger("silent"));
    await link.send("a");
    const sender = clients.at(-1)!;
    // pg reports the server's FATAL message, then the broken socket.
    sender.emit("error", new Error("terminating connection due to administrator command"));
    expect(() => sender.emit("error", new Error("Connection terminated unexpectedly"))).not.toThrow();
    expect(sender.releases).toBe(1);

    await link.send("b");
    const next = clients.at(-1)!;
    expect(next).not.toBe(sender);
    await link.close();
    // The server ends the connection after close() gave it back.
    expect(() => next.emit("error", new Error("terminating connection"))).not.toThrow();
    expect(next.releases).toBe(1);
  });
});
