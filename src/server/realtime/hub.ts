import type pg from "pg";
import type { Logger } from "../logger.ts";

export interface RealtimeEvent {
  type: string;
  data: unknown;
  /** Only this user's streams receive it; absent means everyone. */
  userId?: string;
}

type Listener = (event: RealtimeEvent) => void;

export interface RealtimeHub {
  /** Delivers an event to every process's subscribers. */
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(userId: string | null, listener: Listener): () => void;
  close(): Promise<void>;
}

const CHANNEL = "survivor_events";

/**
 * Fan-out of server events to SSE streams. On PostgreSQL an event goes
 * through NOTIFY, so a stream on another process behind the same database
 * receives it too; PGlite is one process, so delivery stays local.
 */
export async function createHub(pool: pg.Pool | null, logger: Logger): Promise<RealtimeHub> {
  const listeners = new Set<{ userId: string | null; fn: Listener }>();
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
  const listen = async (): Promise<void> => {
    if (!pool || closed) return;
    try {
      const client = await pool.connect();
      client.on("notification", (msg) => {
        if (msg.channel !== CHANNEL || !msg.payload) return;
        try {
          deliver(JSON.parse(msg.payload) as RealtimeEvent);
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
      listenClient = client;
      retryMs = 250;
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

  return {
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
      if (listenClient) await listenClient.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      releaseListen();
      listenClient = null;
    },
  };
}
