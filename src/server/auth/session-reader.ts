import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, getTableColumns, gt, sql } from "drizzle-orm";
import { batchedRead } from "../db/batched-reads.ts";
import { textArrayLiteral, textArrayParam } from "../db/text-array.ts";
import { builtQuery } from "../db/built-query.ts";
import type { Db } from "../db/client.ts";
import { session, user } from "../db/schema/index.ts";
import type { DerivedCache } from "../cache/derived-cache.ts";
import type { KnownSession } from "../cache/session-cache.ts";
import type { DomainEvents } from "../events/domain-events.ts";
import { LruCache } from "../cache/lru-cache.ts";
import type { Auth, SessionUser } from "./auth.ts";

/** Members whose cookie's signature is remembered as checked (about 100 bytes each). */
const VERIFIED_COOKIES = 20_000;

/**
 * How long a looked-up session is trusted without asking the database again,
 * counted from before the query. A revocation that no event announces (an
 * operator deleting sessions, a process whose event was lost) therefore
 * takes effect everywhere within this time; one through the app is
 * announced to every process ("sessions-changed") and takes effect at once.
 */
export const SESSION_TRUST_MS = 1000;
/**
 * The trust of the only process on a database (the embedded PGlite, whose
 * data directory no other process can open): every change to a session or
 * its user goes through this process, which forgets what it changes, so the
 * window only bounds memory. Never past the session's expiry or its refresh.
 */
export const SOLE_PROCESS_TRUST_MS = 5 * 60_000;

type FullSessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
/**
 * A session and its user, as better-auth's getSession answers, less the
 * session's device and address: no request reads them (the account page
 * reads its sessions itself), and a member's user agent was about a third of
 * the bytes their remembered session kept in memory.
 */
export type SessionData = {
  session: Omit<FullSessionData["session"], "ipAddress" | "userAgent">;
  user: FullSessionData["user"];
};

const { ipAddress: _ipAddress, userAgent: _userAgent, ...sessionColumns } = getTableColumns(session);

export interface SessionReader {
  /** The signed-in user of a request, or null. */
  read(headers: Headers): Promise<SessionUser | null>;
  /** The session and user; `setCookies` carries a refreshed cookie when the session was extended. */
  readSession(headers: Headers): Promise<{ data: SessionData | null; setCookies: string[] }>;
  /**
   * The id of the account whose live session the request names, or null,
   * without extending it (a rate limit's key: it must not refresh a session
   * whose cookie it cannot hand back).
   */
  accountOf(headers: Headers): Promise<string | null>;
  /** Drops what is known of the request's session and of its user's other sessions (after a write by them). */
  forget(headers: Headers): Promise<void>;
  /**
   * After a session ended or was replaced here (sign-out, revocation, a new
   * password): every process drops all it trusts, so none honours it again.
   */
  forgetEverywhere(): void;
}

function cookieValue(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(";")) {
    const eqAt = part.indexOf("=");
    if (eqAt < 0 || part.slice(0, eqAt).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eqAt + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Reads better-auth sessions with one indexed query (session token joined to
 * its user) and a short memory (SESSION_TRUST_MS, or SOLE_PROCESS_TRUST_MS
 * for the only process on a database), instead of better-auth's getSession on
 * every request. better-auth still does what needs writing: a session due
 * for its sliding refresh goes through getSession, which extends it.
 */
export function createSessionReader(
  auth: Auth,
  db: Db,
  events: DomainEvents,
  cache: DerivedCache<string, KnownSession<SessionData>>,
): SessionReader {
  const context = auth.$context;
  const trustMs = cache.bound.ttlMs;

  function remember(token: string, data: SessionData | null, askedAt: number) {
    const refreshDue = data ? refreshDueAt(data) : Infinity;
    cache.set(token, { data, until: Math.min(askedAt + trustMs, refreshDue) });
  }

  // Filled in once better-auth's context is known (lookUp awaits it first).
  let sessionConfig: { expiresIn: number; updateAge: number } | null = null;
  /** When better-auth would extend the session (a write), or it expires: no answer is trusted past it. */
  function refreshDueAt(data: SessionData): number {
    const expiresAt = data.session.expiresAt.getTime();
    if (!sessionConfig) return expiresAt;
    return Math.min(expiresAt, expiresAt - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000);
  }

  // Signed cookies already checked, and their tokens: a member sends the
  // same cookie with every request, and checking it is an HMAC (2 % of the
  // mixed workload's CPU). Only good signatures are kept, so nobody can
  // fill it with forgeries; a signature stays good as long as the secret.
  const verified = new LruCache<string>(VERIFIED_COOKIES, VERIFIED_COOKIES * 256, (t) => t.length);

  async function tokenOf(headers: Headers): Promise<string | null> {
    const cookies = headers.get("cookie");
    if (!cookies?.includes("better-auth.session_token")) return null;
    const ctx = await context;
    const signed = cookieValue(cookies, ctx.authCookies.sessionToken.name);
    if (!signed) return null;
    const known = verified.get(signed);
    if (known !== undefined) return known;
    const dot = signed.lastIndexOf(".");
    if (dot < 1) return null;
    const token = signed.slice(0, dot);
    const signature = Buffer.from(signed.slice(dot + 1), "base64");
    const expected = createHmac("sha256", ctx.secret).update(token).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    verified.set(signed, token);
    return token;
  }

  // Members arriving together share one query (each still waits for a query
  // that starts after they asked, so no answer predates a revocation they follow).
  const sessionsByToken = builtQuery(
    db
      .select({ session: sessionColumns, user: getTableColumns(user) })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(sql`${session.token} = ANY(${textArrayParam("tokens")})`),
  );
  const sessionOf = batchedRead(
    async (tokens: string[]) => {
      const rows = await sessionsByToken.execute({ tokens: textArrayLiteral(tokens) });
      return new Map(rows.map((row) => [row.session.token, row]));
    },
    { maxInFlight: 2 },
  );

  /** The session, or "refresh" when it is due for better-auth's sliding extension (a write). */
  async function lookUp(token: string): Promise<SessionData | null | "refresh"> {
    const row = await sessionOf(token);
    if (!row || row.session.expiresAt.getTime() <= Date.now()) return null;
    sessionConfig = (await context).sessionConfig;
    if (refreshDueAt(row as SessionData) <= Date.now()) return "refresh";
    return row as SessionData;
  }

  async function readSession(headers: Headers) {
    const token = await tokenOf(headers);
    if (!token) return { data: null, setCookies: [] };
    // Nothing is known while other processes' events could be missed (the cache then holds nothing).
    const hit = cache.peek(token);
    if (hit && Date.now() < hit.until) return { data: hit.data, setCookies: [] };
    // Taken before the query: an answer is never trusted past a second after the state it saw.
    const askedAt = Date.now();
    const found = await lookUp(token);
    if (found === "refresh") {
      const refreshed = await auth.api.getSession({ headers, returnHeaders: true });
      return { data: refreshed.response, setCookies: refreshed.headers.getSetCookie() };
    }
    remember(token, found, askedAt);
    return { data: found, setCookies: [] };
  }

  return {
    readSession,
    async accountOf(headers) {
      const token = await tokenOf(headers);
      if (!token) return null;
      const hit = cache.peek(token);
      if (hit && Date.now() < hit.until) return hit.data?.user.id ?? null;
      const [row] = await db
        .select({ userId: session.userId })
        .from(session)
        .where(and(eq(session.token, token), gt(session.expiresAt, new Date())))
        .limit(1);
      return row?.userId ?? null;
    },
    async read(headers) {
      return (await readSession(headers)).data?.user ?? null;
    },
    async forget(headers) {
      const token = await tokenOf(headers);
      if (!token) return;
      const userId = cache.peek(token)?.data?.user.id;
      cache.forget(token);
      // Their other devices see a new name or picture at once too.
      if (userId) cache.dropGroup(userId);
    },
    forgetEverywhere() {
      void events.emit("sessions-changed", {});
    },
  };
}
