import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Logger } from "../logger.ts";
import { NOTIFY_CHANNEL, type Wire, wireHead } from "./notify-batches.ts";
import { listenerSet } from "./listener-set.ts";
import { createNotifySender } from "./notify-sender.ts";

/**
 * The line between the server processes on one PostgreSQL database: a
 * message sent by one reaches every other (LISTEN/NOTIFY). PGlite is one
 * process (its data directory is locked), so there it carries nothing and
 * never misses anything.
 */
export interface ProcessLink {
  /** True when other processes may share the database (PostgreSQL): only then is anything sent. */
  readonly shared: boolean;
  /**
   * Sends `message` (a JSON text) to every other process. Messages go in
   * batches (notify-batches.ts): the first leaves at the end of this tick.
   */
  send(message: string): void;
  /** Resolves once every message sent so far has left this process. */
  flush(): Promise<void>;
  /** Each message of another process, parsed; never this process's own. */
  onMessage(fn: (message: unknown) => void): () => void;
  /**
   * Runs `fn` when messages of other processes may have been lost: the link
   * came back from a break, or another process had one too large to send.
   */
  onMissed(fn: () => void): () => void;
  /** False while messages from other processes could be missed (the LISTEN connection is down). */
  inSync(): boolean;
  close(): Promise<void>;
}

/** Where a process's link hands over what it hears: each message, or word that some were lost. */
export interface Hearing {
  message(message: unknown): void;
  missed(): void;
}

/**
 * Reads a payload as the process `processId` hears it: its own (known by
 * their first bytes, without parsing) are dropped, the others' messages
 * handed over one by one.
 */
export function payloadReader(
  processId: string,
  hearing: Hearing,
  logger: Logger,
): (payload: string) => void {
  const own = wireHead(processId);
  return (payload) => {
    if (payload.startsWith(own)) return;
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch (e) {
      logger.error("bad process link payload", { error: String(e) });
      return;
    }
    if ("missed" in wire) return hearing.missed();
    for (const message of wire.events) hearing.message(message);
  };
}

export async function createProcessLink(pool: pg.Pool | null, logger: Logger): Promise<ProcessLink> {
  const processId = randomUUID();
  const messageListeners = listenerSet<[unknown]>(logger, "process link message");
  const missedListeners = listenerSet<[]>(logger, "process link missed");
  const read = payloadReader(
    processId,
    { message: (m) => messageListeners.run(m), missed: () => missedListeners.run() },
    logger,
  );

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
        if (msg.channel === NOTIFY_CHANNEL && msg.payload) read(msg.payload);
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
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
      const reconnected = everListened;
      everListened = true;
      listenClient = client;
      retryMs = 250;
      if (reconnected) missedListeners.run();
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

  // NOTIFYs go out on a connection of their own (through the pool they
  // queued behind a busy site's requests), from a thread of their own.
  const sender = pool
    ? createNotifySender(
        {
          connectionString: pool.options.connectionString!,
          connectTimeoutMs: pool.options.connectionTimeoutMillis ?? 10_000,
          processId,
        },
        logger,
      )
    : null;

  return {
    shared: pool !== null,
    send(message) {
      if (!closed) sender?.send(message);
    },
    flush: () => sender?.flush() ?? Promise.resolve(),
    onMessage: (fn) => messageListeners.add(fn),
    onMissed: (fn) => missedListeners.add(fn),
    inSync: () => !pool || listenClient !== null,
    async close() {
      closed = true;
      messageListeners.clear();
      missedListeners.clear();
      if (listenClient) await listenClient.query(`UNLISTEN ${NOTIFY_CHANNEL}`).catch(() => {});
      releaseListen();
      await sender?.close();
      listenClient = null;
    },
  };
}
