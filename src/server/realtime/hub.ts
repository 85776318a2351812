import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Logger } from "../logger.ts";

export interface RealtimeEvent {
  type: string;
  data: unknown;
  /** Only this user's streams receive it; absent means everyone. */
  userId?: string;
}

type Listener = (event: RealtimeEvent) => void;

/**
 * Process-to-process signals ("what you keep of X is stale"), never sent to
 * browsers. The shared caches (browse-cache.ts, session-reader.ts) clear on
 * them, so a write on one process is seen by readers of the others at once.
 */
export interface CacheSignals {
  /**
   * Tells the other processes that `name` changed. The first signal of a
   * name goes at once; more within SIGNAL_INTERVAL_MS fold into one at its end.
   */
  signal(name: string): void;
  /** Runs `fn` when another process signals `name`, and after the hub reconnects (signals may have been missed). */
  onSignal(name: string, fn: () => void): () => void;
  /** False while signals from other processes could be missed (the LISTEN connection is down). */
  inSync(): boolean;
}

export interface RealtimeHub extends CacheSignals {
  /** Delivers an event to every process's subscribers. */
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(userId: string | null, listener: Listener): () => void;
  close(): Promise<void>;
}

const CHANNEL = "survivor_events";
/** Bounds the NOTIFY traffic of a burst of writes; the added staleness is at most this. */
export const SIGNAL_INTERVAL_MS = 100;

/** What goes over NOTIFY: an event for streams, or a signal between processes. */
type Message = RealtimeEvent | { signal: string; from: string };

/**
 * Fan-out of server events to SSE streams. On PostgreSQL an event goes
 * through NOTIFY, so a stream on another process behind the same database
 * receives it too; PGlite is one process, so delivery stays local.
 */
export async function createHub(pool: pg.Pool | null, logger: Logger): Promise<RealtimeHub> {
  const listeners = new Set<{ userId: string | null; fn: Listener }>();
  const signalListeners = new Set<{ name: string; fn: () => void }>();
  // Our own NOTIFYs come back on our LISTEN; a signal we sent is not news to us.
  const processId = randomUUID();
  const runSignal = (name: string | null) => {
    for (const l of signalListeners) {
      if (name !== null && l.name !== name) continue;
      try {
        l.fn();
      } catch (e) {
        logger.error("signal listener failed", { error: String(e) });
      }
    }
  };
  const deliver = (event: RealtimeEvent) => {
    for (const l of listeners) {
      if (event.userId && event.userId !== l.userId) continue;
      try {
        l.fn(event);
      } catch (e) {
        logger.error("realtime listener failed", { error: String(e) });
      }
    }
  };

  // The LISTEN connection is held for the process's life. When PostgreSQL
  // drops it (restart, failover, idle timeout) it is replaced, after a pause
  // that grows while the server stays away; events in the gap are lost, which
  // costs a stale screen until the next event, not a crash.
  let listenClient: pg.PoolClient | null = null;
  let closed = false;
  let retryMs = 250;
  let releaseListen: () => void = () => {};
  let everListened = false;
  const listen = async (): Promise<void> => {
    if (!pool || closed) return;
    try {
      const client = await pool.connect();
      client.on("notification", (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        try {
          const message = JSON.parse(msg.payload) as Message;
          if (!("signal" in message)) deliver(message);
          else if (message.from !== processId) runSignal(message.signal);
        } catch (e) {
          logger.error("bad realtime payload", { error: String(e) });
        }
      });
      let released = false;
      client.on("error", (e) => {
        // Once released (closing, or already replaced) the error is not ours.
        if (released || closed) return;
        released = true;
        logger.error("realtime connection lost; reconnecting", { error: e.message });
        client.release(e);
        if (listenClient === client) listenClient = null;
        setTimeout(() => void listen(), retryMs).unref();
      });
      releaseListen = () => {
        if (released) return;
        released = true;
        // Destroyed, not returned: a pooled connection must not keep LISTENing.
        client.release(true);
      };
      await client.query(`LISTEN ${CHANNEL}`);
      const reconnected = everListened;
      everListened = true;
      listenClient = client;
      retryMs = 250;
      // Whatever was signalled while we were deaf is lost: every cache starts over.
      if (reconnected) runSignal(null);
    } catch (e) {
      if (closed) return;
      retryMs = Math.min(retryMs * 2, 10_000);
      logger.error("realtime LISTEN failed; retrying", { error: String(e), retryMs });
      setTimeout(() => void listen(), retryMs).unref();
    }
  };
  if (pool) {
    // The first LISTEN must work: a server that cannot reach its database
    // should not start half-deaf.
    const client = await pool.connect();
    client.release();
    await listen();
  }

  const sendSignal = (name: string) => {
    if (!pool || closed) return;
    pool
      .query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify({ signal: name, from: processId })])
      .catch((e: Error) => logger.error("signal not sent", { signal: name, error: e.message }));
  };
  const lastSent = new Map<string, number>();
  const pendingSignals = new Set<string>();

  return {
    signal(name) {
      // PGlite is one process (its data directory is locked): nobody to tell.
      if (!pool) return;
      const since = Date.now() - (lastSent.get(name) ?? 0);
      if (since >= SIGNAL_INTERVAL_MS) {
        lastSent.set(name, Date.now());
        sendSignal(name);
        return;
      }
      if (pendingSignals.has(name)) return;
      pendingSignals.add(name);
      setTimeout(() => {
        pendingSignals.delete(name);
        lastSent.set(name, Date.now());
        sendSignal(name);
      }, SIGNAL_INTERVAL_MS - since).unref();
    },
    onSignal(name, fn) {
      const entry = { name, fn };
      signalListeners.add(entry);
      return () => signalListeners.delete(entry);
    },
    inSync: () => !pool || listenClient !== null,
    async publish(event) {
      if (pool) await pool.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify(event)]);
      else deliver(event);
    },
    subscribe(userId, fn) {
      const entry = { userId, fn };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    async close() {
      closed = true;
      listeners.clear();
      signalListeners.clear();
      if (listenClient) await listenClient.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      releaseListen();
      listenClient = null;
    },
  };
}
