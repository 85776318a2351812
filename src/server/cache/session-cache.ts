import type { CacheDeclaration } from "./declare-cache.ts";

/** A session as last read (S: the auth library's session and user), and until when it is trusted. */
export interface KnownSession<S extends { user: { id: string } }> {
  data: S | null;
  /** Trusted until then (Date.now() time): never past the session's own refresh or expiry. */
  until: number;
}

/**
 * Sessions as the session reader last read them (auth/session-reader.ts),
 * by token, grouped by member: `trustMs` bounds what a change made outside
 * the app (an operator deleting sessions) leaves trusted. A sign-out or a
 * revocation anywhere drops every session everywhere (naming tokens in a
 * NOTIFY, which any listener on the database could read, is not worth the
 * query each active session then costs); a member's new name, picture or spoiler
 * horizon drops that member's sessions.
 */
export const sessionCache = <S extends { user: { id: string } }>(
  trustMs: number,
): CacheDeclaration<string, KnownSession<S>> => ({
  name: "sessions and their members",
  key: (token) => token,
  group: (_token, known) => known?.data?.user.id,
  bound: { entries: 50_000, ttlMs: trustMs },
  derivesFrom: {
    "sessions-changed": (sessions) => sessions.clear(),
    "member-changed": (sessions, e) => sessions.dropGroup(e.userId),
    // The horizon is read off the session's user (modules/spoilers).
    "spoiler-horizon-changed": (sessions, e) => sessions.dropGroup(e.userId),
  },
});
