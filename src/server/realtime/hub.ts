import type pg from "pg";
import type { Logger } from "../http/logger.ts";

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

  let listenClient: pg.PoolClient | null = null;
  if (pool) {
    listenClient = await pool.connect();
    listenClient.on("notification", (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        deliver(JSON.parse(msg.payload) as RealtimeEvent);
      } catch (e) {
        logger.error("bad realtime payload", { error: String(e) });
      }
    });
    await listenClient.query(`LISTEN ${CHANNEL}`);
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
      listeners.clear();
      if (listenClient) {
        await listenClient.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
        listenClient.release();
      }
    },
  };
}
