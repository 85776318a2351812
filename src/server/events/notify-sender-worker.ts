import { parentPort, workerData } from "node:worker_threads";
import pg from "pg";
import { createBatches, NOTIFY_CHANNEL } from "./notify-batches.ts";
import type { SenderData, ToMain, ToSender } from "./notify-sender.ts";

/**
 * The thread that sends a process's messages to the others (notify-sender.ts
 * says why it is a thread). It holds a connection of its own, opened when
 * first needed and again after the server dropped it.
 */
const data = workerData as SenderData;
const port = parentPort!;
const tell = (message: ToMain) => port.postMessage(message);

let connection: Promise<pg.Client> | null = null;
const connected = (): Promise<pg.Client> => {
  if (connection) return connection;
  const client = new pg.Client({
    connectionString: data.connectionString,
    connectionTimeoutMillis: data.connectTimeoutMs,
  });
  const opening = (async () => {
    // Dropped (restart, failover, terminated): the next send opens another.
    client.on("error", () => {
      if (connection === opening) connection = null;
      client.end().catch(() => {});
    });
    await client.connect();
    // A NOTIFY is a transaction, and its commit waited for the WAL to reach
    // the disk behind every write's flush before PostgreSQL told the
    // listeners. A notification is not kept anyway (a listener that
    // reconnects treats what it missed as lost), and the write it announces
    // was made durable by its own commit: nothing is given up.
    await client.query("SET synchronous_commit TO off");
    return client;
  })();
  connection = opening;
  opening.catch(() => {
    if (connection === opening) connection = null;
    client.end().catch(() => {});
  });
  return opening;
};

const batches = createBatches({
  processId: data.processId,
  async send(payload) {
    const client = await connected();
    await client.query("SELECT pg_notify($1, $2)", [NOTIFY_CHANNEL, payload]);
  },
  onError: (message, fields) => tell({ error: message, fields }),
});

port.on("message", (message: ToSender) => {
  if ("messages" in message) for (const m of message.messages) batches.add(m);
  else if ("flush" in message) void batches.flush().then(() => tell({ flushed: message.flush }));
  else
    void batches.flush().then(async () => {
      const held = connection;
      connection = null;
      if (held) await held.then((c) => c.end()).catch(() => {});
      // Nothing left to hold the thread: it ends, and the main thread hears its exit.
      port.close();
    });
});
