import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { session, user } from "../db/schema/index.ts";
import type { CacheSignals } from "../realtime/hub.ts";
import type { Auth, SessionUser } from "./auth.ts";

/**
 * How long a looked-up session is trusted without asking the database again,
 * counted from before the query. A revocation that no signal announces (an
 * operator deleting sessions, a process whose signal was lost) therefore
 * takes effect everywhere within this time; one through the app is
 * signalled to every process (SESSIONS_SIGNAL) and takes effect at once.
 */
export const SESSION_TRUST_MS = 1000;
/** The name other processes hear when a session ended here. */
export const SESSIONS_SIGNAL = "sessions";
const MAX_CACHED = 50_000;

/** A session and its user, as better-auth's getSession answers. */
export type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

interface Cached {
  data: SessionData | null;
  at: number;
}

export interface SessionReader {
  /** The signed-in user of a request, or null. */
  read(headers: Headers): Promise<SessionUser | null>;
  /** The session and user; `setCookies` carries a refreshed cookie when the session was extended. */
  readSession(headers: Headers): Promise<{ data: SessionData | null; setCookies: string[] }>;
  /** Drops what is known of the request's session (after sign-out and other changes to it or its user). */
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
 * its user) and a one-second memory, instead of better-auth's getSession on
 * every request. better-auth still does what needs writing: a session due
 * for its sliding refresh goes through getSession, which extends it.
 */
export function createSessionReader(auth: Auth, db: Db, signals?: CacheSignals): SessionReader {
  const cache = new Map<string, Cached>();
  const context = auth.$context;
  // Clearing all is simpler than naming tokens in a NOTIFY (which any
  // listener on the database could read); it costs each active session one
  // query, and sessions end far less often than they are read.
  signals?.onSignal(SESSIONS_SIGNAL, () => cache.clear());

  async function tokenOf(headers: Headers): Promise<string | null> {
    const cookies = headers.get("cookie");
    if (!cookies?.includes("better-auth.session_token")) return null;
    const ctx = await context;
    const signed = cookieValue(cookies, ctx.authCookies.sessionToken.name);
    if (!signed) return null;
    const dot = signed.lastIndexOf(".");
    if (dot < 1) return null;
    const token = signed.slice(0, dot);
    const signature = Buffer.from(signed.slice(dot + 1), "base64");
    const expected = createHmac("sha256", ctx.secret).update(token).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
  }

  /** The session, or "refresh" when it is due for better-auth's sliding extension (a write). */
  async function lookUp(token: string): Promise<SessionData | null | "refresh"> {
    const [row] = await db
      .select({ session: getTableColumns(session), user: getTableColumns(user) })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(session.token, token))
      .limit(1);
    if (!row || row.session.expiresAt.getTime() <= Date.now()) return null;
    const { expiresIn, updateAge } = (await context).sessionConfig;
    const expiresAt = row.session.expiresAt.getTime();
    if (expiresAt - expiresIn * 1000 + updateAge * 1000 <= Date.now()) return "refresh";
    return row as SessionData;
  }

  async function readSession(headers: Headers) {
    const token = await tokenOf(headers);
    if (!token) return { data: null, setCookies: [] };
    const hit = cache.get(token);
    // While other processes' signals could be missed, only the TTL would bound staleness: ask every time.
    const trusted = !signals || signals.inSync();
    if (trusted && hit && Date.now() - hit.at < SESSION_TRUST_MS) return { data: hit.data, setCookies: [] };
    // Taken before the query: an answer is never trusted past a second after the state it saw.
    const askedAt = Date.now();
    const found = await lookUp(token);
    if (found === "refresh") {
      const refreshed = await auth.api.getSession({ headers, returnHeaders: true });
      return { data: refreshed.response, setCookies: refreshed.headers.getSetCookie() };
    }
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(token, { data: found, at: askedAt });
    return { data: found, setCookies: [] };
  }

  return {
    readSession,
    async read(headers) {
      return (await readSession(headers)).data?.user ?? null;
    },
    async forget(headers) {
      const token = await tokenOf(headers);
      if (token) cache.delete(token);
    },
    forgetEverywhere() {
      cache.clear();
      signals?.signal(SESSIONS_SIGNAL);
    },
  };
}
