import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../db/schema/index.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { buildCache } from "../cache/declare-cache.ts";
import { sessionCache } from "../cache/session-cache.ts";
import { createDomainEvents, type DomainEvents } from "../events/domain-events.ts";
import { createLogger } from "../logger.ts";
import { memoryLinks } from "#testing/memory-link.ts";
import {
  createSessionReader,
  type SessionData,
  SESSION_TRUST_MS,
  SOLE_PROCESS_TRUST_MS,
} from "./session-reader.ts";

const logger = createLogger("silent");

/** A reader as another process builds one: its own events (over `link`) and its own memory. */
function readerOf(events: DomainEvents, trustMs = SESSION_TRUST_MS) {
  const known = buildCache(sessionCache<SessionData>(trustMs), { events, enabled: true });
  return createSessionReader(t.auth, t.database.db, events, known);
}
const alone = () => createDomainEvents(memoryLinks(1).links[0]!, logger);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.request("/api/me/profile", { cookie });
const sessionUserId = async (cookie: string) =>
  ((await (await t.request("/api/auth/get-session", { cookie })).json()) as { user: { id: string } } | null)
    ?.user.id ?? null;

/** The cookie with the signature's first character changed. */
function tampered(cookie: string): string {
  const [name, value] = cookie.split("=") as [string, string];
  const decoded = decodeURIComponent(value);
  const dot = decoded.lastIndexOf(".");
  const sig = decoded.slice(dot + 1);
  const flipped = (sig[0] === "A" ? "B" : "A") + sig.slice(1);
  return `${name}=${encodeURIComponent(decoded.slice(0, dot + 1) + flipped)}`;
}

describe("session reader", () => {
  it("reads the session for our routes and for get-session", async () => {
    const user = await t.signUp("reader@example.test");
    expect((await me(user.cookie)).status).toBe(200);
    expect(await sessionUserId(user.cookie)).toBe(user.id);
    // Twice within the trust window: the same answer.
    expect(await sessionUserId(user.cookie)).toBe(user.id);
  });

  it("refuses a cookie whose signature does not match", async () => {
    const user = await t.signUp("forger@example.test");
    expect((await me(tampered(user.cookie))).status).toBe(401);
    expect(await sessionUserId(tampered(user.cookie))).toBeNull();
  });

  it("ends a session at once on sign-out through this process", async () => {
    const user = await t.signUp("leaver@example.test");
    expect((await me(user.cookie)).status).toBe(200);
    expect((await t.request("/api/auth/sign-out", { json: {}, cookie: user.cookie })).status).toBe(200);
    expect((await me(user.cookie)).status).toBe(401);
    expect(await sessionUserId(user.cookie)).toBeNull();
  });

  it("ends a session revoked elsewhere (another process, an operator) within the trust window", async () => {
    // Several processes on PostgreSQL trust a session for SESSION_TRUST_MS.
    const reader = readerOf(alone(), SESSION_TRUST_MS);
    const user = await t.signUp("revoked@example.test");
    const headers = new Headers({ cookie: user.cookie });
    expect((await reader.read(headers))?.id).toBe(user.id);
    await t.database.db.delete(session).where(eq(session.userId, user.id));
    const started = Date.now();
    while ((await reader.read(headers)) && Date.now() - started < 3000) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await reader.read(headers)).toBeNull();
    expect(Date.now() - started).toBeLessThanOrEqual(SESSION_TRUST_MS + 200);
  });

  it("as the only process on its database, trusts a session until the app changes it", async () => {
    const reader = readerOf(alone(), SOLE_PROCESS_TRUST_MS);
    const user = await t.signUp("sole@example.test");
    const headers = new Headers({ cookie: user.cookie });
    expect((await reader.read(headers))?.id).toBe(user.id);
    // No other process can write to PGlite's data directory; were one to, it would go unseen here.
    await t.database.db.delete(session).where(eq(session.userId, user.id));
    await new Promise((r) => setTimeout(r, SESSION_TRUST_MS + 100));
    expect((await reader.read(headers))?.id).toBe(user.id);
    await reader.forget(headers);
    expect(await reader.read(headers)).toBeNull();
  });

  it("shows a user's write to their other signed-in devices at once", async () => {
    const phone = await t.signUp("two-devices@example.test");
    const laptop = await t.signIn("two-devices@example.test");
    const nameOn = async (cookie: string) =>
      ((await (await t.request("/api/auth/get-session", { cookie })).json()) as { user: { name: string } })
        .user.name;
    expect(await nameOn(laptop.cookie)).toBe(await nameOn(phone.cookie));
    const renamed = await t.request("/api/me/profile", {
      method: "PATCH",
      json: { displayName: "TwoDevices" },
      cookie: phone.cookie,
    });
    expect(renamed.status).toBe(200);
    expect(await nameOn(laptop.cookie)).toBe("TwoDevices");
  });

  it("refuses an expired session", async () => {
    const user = await t.signUp("expired@example.test");
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, user.id));
    // A new cookie value is not needed: the trust window has not seen this session yet.
    expect((await me(user.cookie)).status).toBe(401);
  });

  it("extends a session due for its refresh and passes the new cookie on", async () => {
    const user = await t.signUp("sliding@example.test");
    // Two days into a seven-day session: due (better-auth refreshes after one day).
    const dueAt = new Date(Date.now() + 5 * 86_400_000);
    await t.database.db.update(session).set({ expiresAt: dueAt }).where(eq(session.userId, user.id));
    const res = await t.request("/api/auth/get-session", { cookie: user.cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { id: string } }).user.id).toBe(user.id);
    const [row] = await t.database.db.select().from(session).where(eq(session.userId, user.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(dueAt.getTime() + 86_400_000);
  });
});

// Two processes' readers, their events joined in memory as NOTIFY joins them.
describe("session reader on several processes", () => {
  const headersOf = (cookie: string) => new Headers({ cookie });
  function twoProcesses() {
    const links = memoryLinks(2);
    const [here, there] = links.links.map((l) => createDomainEvents(l, logger)) as [
      DomainEvents,
      DomainEvents,
    ];
    return { here: readerOf(here), there: readerOf(there), links, hereEvents: here };
  }

  it("drops what it trusts when another process says sessions changed", async () => {
    const user = await t.signUp("elsewhere@example.test");
    const { here, there, hereEvents } = twoProcesses();
    expect((await there.read(headersOf(user.cookie)))?.id).toBe(user.id);
    await t.database.db.delete(session).where(eq(session.userId, user.id));
    // Within the trust window it still believes the session...
    expect((await there.read(headersOf(user.cookie)))?.id).toBe(user.id);
    // ...until the other process announces the change.
    here.forgetEverywhere();
    await hereEvents.flush();
    await new Promise((r) => setTimeout(r, 10));
    expect(await there.read(headersOf(user.cookie))).toBeNull();
  });

  it("asks the database every time while events could be missed", async () => {
    const user = await t.signUp("deaf@example.test");
    const { there, links } = twoProcesses();
    expect((await there.read(headersOf(user.cookie)))?.id).toBe(user.id);
    links.setConnected(1, false);
    await t.database.db.delete(session).where(eq(session.userId, user.id));
    expect(await there.read(headersOf(user.cookie))).toBeNull();
  });
});
