import type pg from "pg";
import type { Logger } from "../logger.ts";

/**
 * The line between the server processes on one PostgreSQL database: a
 * message sent by one reaches every other (LISTEN/NOTIFY). PGlite is one
 * process (its data directory is locked), so there it carries nothing and
 * never misses anything.
 */
export interface ProcessLink {
  /** True when other processes may share the database (PostgreSQL): only then is anything sent. */
  readonly shared: boolean;
  /** Sends `payload` (at most NOTIFY_PAYLOAD_MAX bytes) to every process on the database, this one included. */
  send(payload: string): Promise<void>;
  onMessage(fn: (payload: string) => void): () => void;
  /** Runs `fn` after the link came back from a break: messages sent meanwhile are lost. */
  onReconnect(fn: () => void): () => void;
  /** False while messages from other processes could be missed (the LISTEN connection is down). */
  inSync(): boolean;
  close(): Promise<void>;
}

const CHANNEL = "survivor_events";
/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more ("payload string too long"). */
export const NOTIFY_PAYLOAD_MAX = 7_999;

export async function createProcessLink(pool: pg.Pool | null, logger: Logger): Promise<ProcessLink> {
  const messageListeners = new Set<(payload: string) => void>();
  const reconnectListeners = new Set<() => void>();
  const runAll = <A extends unknown[]>(fns: Iterable<(...args: A) => void>, ...args: A) => {
    for (const fn of fns) {
      try {
        fn(...args);
      } catch (e) {
        logger.error("process link listener failed", { error: String(e) });
      }
    }
  };

  // The LISTEN connection is held for the process's life. When PostgreSQL
  // drops it (restart, failover, idle timeout) it is replaced, after a pause
  // that grows while the server stays away; whoever listens is told, since
  // what was sent in the gap is lost.
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
        if (msg.channel === CHANNEL && msg.payload) runAll(messageListeners, msg.payload);
      });
      let released = false;
      client.on("error", (e) => {
        // Once released (closing, or already replaced) the error is not ours.
        if (released || closed) return;
        released = true;
        logger.error("process link lost; reconnecting", { error: e.message });
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
      if (reconnected) runAll(reconnectListeners);
    } catch (e) {
      if (closed) return;
      retryMs = Math.min(retryMs * 2, 10_000);
      logger.error("process link LISTEN failed; retrying", { error: String(e), retryMs });
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

  // NOTIFYs go out on a connection of their own: through the pool they
  // queued behind a busy site's requests, and every process heard of every
  // write late (a member's Inbox event seconds after the comment).
  let sender: Promise<pg.PoolClient> | null = null;
  let senderRelease: () => void = () => {};
  const senderClient = (): Promise<pg.PoolClient> => {
    if (sender) return sender;
    let released = false;
    const connecting = pool!.connect().then(async (client) => {
      // An error may come after close() released the client, or twice
      // (error then end): a second release throws from inside pg.
      const drop = () => {
        if (released) return;
        released = true;
        client.release(true);
      };
      client.on("error", () => {
        // Dropped: the next send opens another.
        if (sender === connecting) sender = null;
        drop();
      });
      senderRelease = drop;
      // A NOTIFY is a transaction, and its commit waited for the WAL to
      // reach the disk behind every write's flush before PostgreSQL told the
      // listeners. A notification is not kept anyway (a listener that
      // reconnects treats what it missed as lost), so nothing is given up.
      try {
        await client.query("SET synchronous_commit TO off");
      } catch (e) {
        drop();
        throw e;
      }
      return client;
    });
    sender = connecting;
    connecting.catch(() => {
      if (sender === connecting) sender = null;
    });
    return connecting;
  };

  return {
    shared: pool !== null,
    async send(payload) {
      if (!pool || closed) return;
      const client = await senderClient();
      await client.query("SELECT pg_notify($1, $2)", [CHANNEL, payload]);
    },
    onMessage(fn) {
      messageListeners.add(fn);
      return () => messageListeners.delete(fn);
    },
    onReconnect(fn) {
      reconnectListeners.add(fn);
      return () => reconnectListeners.delete(fn);
    },
    inSync: () => !pool || listenClient !== null,
    async close() {
      closed = true;
      messageListeners.clear();
      reconnectListeners.clear();
      if (listenClient) await listenClient.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
      releaseListen();
      const held = sender;
      sender = null;
      if (held) await held.then(() => senderRelease()).catch(() => {});
      listenClient = null;
    },
  };
}
