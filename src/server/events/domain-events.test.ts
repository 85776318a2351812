import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { createScratchDatabase, type ScratchDatabase } from "#testing/scratch-postgres.ts";
import { memoryLinks } from "#testing/memory-link.ts";
import type { DomainEventMap, DomainEventName } from "./domain-event-map.ts";
import { DOMAIN_EVENT_NAMES } from "./domain-event-map.ts";
import { createDomainEvents, type DomainEvents, wireForm } from "./domain-events.ts";
import { NOTIFY_PAYLOAD_MAX } from "./notify-batches.ts";
import { createProcessLink, type ProcessLink } from "./process-link.ts";

const logger = createLogger("silent");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("not within time");
    await sleep(5);
  }
}

/** Every id as long as the API lets one be (path ids are at most 128 characters). */
const id = (c: string) => c.repeat(128);
const target = { listUserId: id("u"), listId: id("l") };
const saved = {
  name: "x".repeat(100),
  description: "y".repeat(500),
  kind: "castaways",
  tags: ["a"],
  isPublic: true,
};

/**
 * The largest form each event can take, as it goes to other processes. The
 * type makes a new event add its own here; each must fit one NOTIFY.
 */
const LARGEST: { [K in DomainEventName]: DomainEventMap[K] } = {
  "list-saved": {
    ownerId: id("u"),
    listId: id("l"),
    created: true,
    local: { began: 1, before: saved, after: saved },
  },
  "list-deleted": { ownerId: id("u"), listId: id("l"), local: { began: 1, before: saved } },
  "upvote-toggled": {
    ownerId: id("u"),
    listId: id("l"),
    voterId: id("v"),
    delta: -1,
    upvoteCount: 2_147_483_647,
    notified: [id("u")],
    local: { began: 1 },
  },
  "favorite-toggled": { ownerId: id("u"), listId: id("l"), userId: id("v") },
  "comment-posted": { target, commentId: id("c"), notified: [id("r"), id("u")] },
  "comment-voted": { target, commentId: id("c"), voterId: id("v"), notified: [id("r")] },
  "comment-deleted": { target, commentId: id("c") },
  "submission-saved": { categoryId: id("k"), userId: id("v") },
  "category-changed": { categoryId: id("k") },
  "member-changed": { userId: id("v") },
  "spoiler-horizon-changed": { userId: id("v") },
  "reference-list-saved": { id: "kendallsList", updatedAt: new Date(8.64e15).toISOString() },
  "sessions-changed": {},
  "consensus-computed": { computedAt: new Date(8.64e15).toISOString() },
};

function twoProcesses() {
  const { links, setConnected, sent } = memoryLinks(2);
  const [a, b] = links.map((link) => createDomainEvents(link, logger)) as [DomainEvents, DomainEvents];
  return { a, b, setConnected, sent };
}

describe("domain events", () => {
  it("reach this process's subscribers at once, with their local part", () => {
    const { a } = twoProcesses();
    const heard: DomainEventMap["list-deleted"][] = [];
    a.on("list-deleted", (e) => void heard.push(e));
    void a.emit("list-deleted", LARGEST["list-deleted"]);
    expect(heard).toEqual([LARGEST["list-deleted"]]);
  });

  it("settle when the subscribers that return a promise are done, and survive one that fails", async () => {
    const { a } = twoProcesses();
    let done = false;
    a.on("member-changed", async () => {
      await sleep(20);
      done = true;
    });
    a.on("member-changed", () => {
      throw new Error("a broken subscriber");
    });
    await a.emit("member-changed", { userId: "u1" });
    expect(done).toBe(true);
  });

  it("reach the other processes without their local part, once, and not their sender twice", async () => {
    const { a, b } = twoProcesses();
    const atA: unknown[] = [];
    const atB: unknown[] = [];
    a.on("list-saved", (e) => void atA.push(e));
    b.on("list-saved", (e) => void atB.push(e));
    await a.emit("list-saved", LARGEST["list-saved"]);
    await a.flush();
    await waitFor(() => atB.length === 1);
    expect(atB).toEqual([wireForm(LARGEST["list-saved"])]);
    expect(atB[0]).not.toHaveProperty("local");
    expect(atA).toHaveLength(1);
  });

  it("go together when emitted in one tick", async () => {
    const { a, b, sent } = twoProcesses();
    const atB: string[] = [];
    for (const name of DOMAIN_EVENT_NAMES) b.on(name, () => void atB.push(name));
    for (const name of DOMAIN_EVENT_NAMES) void a.emit(name, LARGEST[name] as never);
    await a.flush();
    await waitFor(() => atB.length === DOMAIN_EVENT_NAMES.length);
    expect(atB).toEqual([...DOMAIN_EVENT_NAMES]);
    expect(sent.length).toBeLessThan(DOMAIN_EVENT_NAMES.length);
    for (const payload of sent) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(NOTIFY_PAYLOAD_MAX);
  });

  it("each fit one NOTIFY at their largest", () => {
    for (const name of DOMAIN_EVENT_NAMES) {
      const wire = JSON.stringify({
        from: "x".repeat(36),
        events: [[name, wireForm(LARGEST[name] as never)]],
      });
      expect(Buffer.byteLength(wire), name).toBeLessThan(NOTIFY_PAYLOAD_MAX / 2);
    }
  });

  it("tell the other processes to start over when one is too large to send", async () => {
    const { a, b } = twoProcesses();
    let missed = 0;
    b.onMissed(() => missed++);
    await a.emit("member-changed", { userId: "x".repeat(NOTIFY_PAYLOAD_MAX) });
    await a.flush();
    await waitFor(() => missed === 1);
  });

  it("tell a process that reconnects to start over, and are not trusted while it is away", () => {
    const { b, setConnected } = twoProcesses();
    let missed = 0;
    b.onMissed(() => missed++);
    setConnected(1, false);
    expect(b.inSync()).toBe(false);
    setConnected(1, true);
    expect(b.inSync()).toBe(true);
    expect(missed).toBe(1);
  });
});

// Two links on two connection pools stand for two processes on one database.
describe.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB_KIND !== "postgres")(
  "domain events between processes (PostgreSQL)",
  () => {
    let scratch: ScratchDatabase;
    let databases: Database[];
    let links: ProcessLink[];
    let one: DomainEvents;
    let other: DomainEvents;

    beforeAll(async () => {
      scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "sr_events");
      databases = await Promise.all([openPostgres(scratch.url, 3), openPostgres(scratch.url, 3)]);
      links = await Promise.all(databases.map((d) => createProcessLink(d.pool, logger)));
      [one, other] = links.map((l) => createDomainEvents(l, logger)) as [DomainEvents, DomainEvents];
    });
    afterAll(async () => {
      await Promise.all((links ?? []).map((l) => l.close()));
      await Promise.all((databases ?? []).map((d) => d.close()));
      await scratch?.drop();
    });

    it("carry the largest form of every event through NOTIFY, one at a time and all at once", async () => {
      const heard: [string, unknown][] = [];
      for (const name of DOMAIN_EVENT_NAMES) other.on(name, (e) => void heard.push([name, e]));
      for (const name of DOMAIN_EVENT_NAMES) {
        await one.emit(name, LARGEST[name] as never);
        await one.flush();
        await waitFor(() => heard.length > 0);
        expect(heard.splice(0)).toEqual([[name, wireForm(LARGEST[name] as never)]]);
      }
      for (const name of DOMAIN_EVENT_NAMES) void one.emit(name, LARGEST[name] as never);
      await one.flush();
      await waitFor(() => heard.length === DOMAIN_EVENT_NAMES.length);
    });

    it("reach the other process within a second, and the link reports a lost connection", async () => {
      let heard = 0;
      other.on("favorite-toggled", () => void heard++);
      const sent = Date.now();
      await one.emit("favorite-toggled", { ownerId: "o", listId: "l", userId: "u" });
      await waitFor(() => heard === 1, 1000);
      expect(Date.now() - sent).toBeLessThan(1000);
      let missed = 0;
      other.onMissed(() => missed++);
      // Kill the other process's LISTEN connection from the server side.
      await databases[0]!.pool!.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid() AND datname = current_database()`,
      );
      await waitFor(() => missed >= 1, 5000);
      await waitFor(() => other.inSync(), 5000);
    });

    it("open another sending connection when the server drops one, without a second release", async () => {
      const uncaught: unknown[] = [];
      const onUncaught = (e: unknown) => void uncaught.push(e);
      process.on("uncaughtException", onUncaught);
      try {
        let heard = 0;
        other.on("category-changed", () => void heard++);
        await one.emit("category-changed", { categoryId: "before" });
        await one.flush();
        await waitFor(() => heard === 1);
        // The sender's last statement was its pg_notify; the server ends it
        // (an error message, then the socket closes: two error events).
        const ended = await databases[1]!.pool!.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%pg_notify%' AND pid <> pg_backend_pid() AND datname = current_database()`,
        );
        expect(ended.rowCount).toBeGreaterThan(0);
        await sleep(200);
        await one.emit("category-changed", { categoryId: "after" });
        await one.flush();
        await waitFor(() => heard === 2);
        expect(uncaught).toEqual([]);
      } finally {
        process.off("uncaughtException", onUncaught);
      }
    });
  },
);
