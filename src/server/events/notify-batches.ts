// The wire between server processes on one PostgreSQL database: its
// channel, the form and limit of its payloads, and the batches a process's
// messages travel in (sent by notify-sender-worker.ts, read by
// process-link.ts).

/** The channel every server process on one database LISTENs and NOTIFYs on. */
export const NOTIFY_CHANNEL = "survivor_events";

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more ("payload string too long"). */
export const NOTIFY_PAYLOAD_MAX = 7_999;

/** The least time between the starts of two batches of messages sent to the other processes. */
export const NOTIFY_SPACING_MS = 2;

/** What crosses between processes: a batch of messages (JSON texts) from one process, or word that some were lost. */
export type Wire = { from: string; events: unknown[] } | { from: string; missed: true };

/** The opening of every payload a process sends: how a process knows its own when they come back. */
export const wireHead = (processId: string) => `{"from":${JSON.stringify(processId)},`;

export interface Batches {
  /** Queues one message (a JSON text) for the next batch. */
  add(message: string): void;
  /** Resolves once every message added so far has been sent (or its sending failed and was reported). */
  flush(): Promise<void>;
}

export interface BatchesOptions {
  processId: string;
  /** Sends one payload of at most NOTIFY_PAYLOAD_MAX bytes. */
  send(payload: string): Promise<void>;
  onError(message: string, fields: Record<string, unknown>): void;
}

/**
 * Messages go together in as few payloads as fit, and one batch is on its
 * way at a time: whatever is added while it travels goes in the next,
 * however many ticks that spans. (A send a tick, chained, fell behind a busy
 * site and grew a queue of seconds: docs/performance.md, "Live notifications
 * under load".) A batch starts at the end of the tick that added its first
 * message, and batches start at least NOTIFY_SPACING_MS apart, which bounds
 * the NOTIFYs PostgreSQL and every listening process handle (at most 500 a
 * second). The spacing was 10 ms while the main thread sent; from a thread
 * of its own (notify-sender.ts) the sending costs the server's requests
 * nothing, and 2 ms took a message's wait for its batch from 5.8 / 11.9 ms
 * (p50 / p95) to 1.4 / 6.4 (docs/performance.md, "NOTIFY from a thread of
 * its own").
 */
export function createBatches({ processId, send, onError }: BatchesOptions): Batches {
  const head = `${wireHead(processId)}"events":[`;
  const headBytes = Buffer.byteLength(head) + 2;
  const missed = JSON.stringify({ from: processId, missed: true } satisfies Wire);
  let pending: string[] = [];
  let lastBatchAt = -Infinity;
  let sending: Promise<void> | null = null;
  let scheduled: Promise<void> | null = null;

  const payloadsOf = (messages: string[]): string[] => {
    const payloads: string[] = [];
    let body: string[] = [];
    let bytes = headBytes;
    for (const message of messages) {
      const size = Buffer.byteLength(message) + 1;
      if (headBytes + size > NOTIFY_PAYLOAD_MAX) {
        // No message should be this big (domain-events.test.ts measures the
        // largest event of each kind); if one is, the others must still not
        // trust what they derived from the messages they missed.
        onError("message too large for other processes", { bytes: size });
        payloads.push(missed);
        continue;
      }
      if (bytes + size > NOTIFY_PAYLOAD_MAX) {
        payloads.push(`${head}${body.join(",")}]}`);
        body = [];
        bytes = headBytes;
      }
      body.push(message);
      bytes += size;
    }
    if (body.length > 0) payloads.push(`${head}${body.join(",")}]}`);
    return payloads;
  };

  const sendPending = () => {
    if (sending || pending.length === 0) return;
    sending = (async () => {
      // A timer may fire a little early (the event loop's clock is in whole ms).
      const rest = () => lastBatchAt + NOTIFY_SPACING_MS - performance.now();
      while (rest() > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(rest())));
      lastBatchAt = performance.now();
      // Taken after the rest: what came meanwhile goes in this batch.
      const batch = pending;
      pending = [];
      for (const payload of payloadsOf(batch)) {
        try {
          await send(payload);
        } catch (e) {
          // The write stands; the other processes drop cached copies only when
          // their link reconnects, or within the caches' time bounds.
          onError("messages not sent to other processes", { error: String(e) });
        }
      }
    })().finally(() => {
      sending = null;
      sendPending();
    });
  };

  return {
    add(message) {
      pending.push(message);
      // At the end of the adding tick, not after the rest of the event
      // loop's turn: on a busy server that turn took 10-30 ms.
      scheduled ??= new Promise<void>((resolve) =>
        queueMicrotask(() => {
          scheduled = null;
          sendPending();
          resolve();
        }),
      );
    },
    async flush() {
      await scheduled;
      while (sending) await sending;
    },
  };
}
