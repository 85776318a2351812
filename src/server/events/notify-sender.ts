import type { Worker } from "node:worker_threads";
import type { Logger } from "../logger.ts";
import { startWorker, workerFile } from "../worker-threads.ts";

// The main thread's side of the thread that sends this process's messages
// to the others; why it is a thread is told at createNotifySender.

const WORKER_FILE = workerFile(import.meta.url, "notify-sender-worker");
const CLOSE_WAIT_MS = 3_000;

/** What the sending thread is started with. */
export interface SenderData {
  connectionString: string;
  connectTimeoutMs: number;
  processId: string;
}
/** From the main thread: the messages of one tick, a flush to answer, or the end. */
export type ToSender = { messages: string[] } | { flush: number } | { close: true };
/** From the sending thread. */
export type ToMain = { flushed: number } | { error: string; fields: Record<string, unknown> };

export interface NotifySender {
  /** Queues one message (a JSON text): it goes to the sending thread at the end of this tick. */
  send(message: string): void;
  /** Resolves once every message sent so far has left this process. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A process's messages to the others leave from a thread of their own, with
 * its own connection. On the main thread, a busy server read each NOTIFY's
 * answer 8-24 ms late (its event loop was serving requests), and the next
 * batch waited for that answer: the thread's loop is idle and sends at once
 * (docs/performance.md, "NOTIFY from a thread of its own"). The thread
 * starts with the first message.
 */
export function createNotifySender(data: SenderData, logger: Logger): NotifySender {
  let worker: Worker | null = null;
  let outgoing: string[] = [];
  let flushes = 0;
  const waiting = new Map<number, () => void>();
  let closing: Promise<void> | null = null;

  const started = (): Worker => {
    if (worker) return worker;
    const thread = startWorker(WORKER_FILE, { workerData: data });
    // Messages still on their way do not keep a finished process alive.
    thread.unref();
    thread.on("message", (message: ToMain) => {
      if ("error" in message) logger.error(message.error, message.fields);
      else if ("flushed" in message) {
        waiting.get(message.flushed)?.();
        waiting.delete(message.flushed);
      }
    });
    thread.on("error", (e) => logger.error("event sending thread failed", { error: String(e) }));
    thread.on("exit", () => {
      // Whatever waited on it has nothing more to wait for; the next message starts another.
      if (worker === thread) worker = null;
      for (const done of waiting.values()) done();
      waiting.clear();
    });
    worker = thread;
    return thread;
  };
  const post = () => {
    if (outgoing.length === 0) return;
    const messages = outgoing;
    outgoing = [];
    started().postMessage({ messages } satisfies ToSender);
  };

  return {
    send(message) {
      if (closing) return;
      outgoing.push(message);
      if (outgoing.length === 1) queueMicrotask(post);
    },
    flush() {
      post();
      if (!worker) return Promise.resolve();
      const id = ++flushes;
      const done = new Promise<void>((resolve) => waiting.set(id, resolve));
      worker.postMessage({ flush: id } satisfies ToSender);
      return done;
    },
    close() {
      closing ??= (async () => {
        post();
        const thread = worker;
        if (!thread) return;
        await new Promise<void>((resolve) => {
          // What is still to send gets CLOSE_WAIT_MS; a database that does not answer is not waited for.
          const giveUp = setTimeout(() => void thread.terminate(), CLOSE_WAIT_MS);
          thread.once("exit", () => {
            clearTimeout(giveUp);
            resolve();
          });
          thread.postMessage({ close: true } satisfies ToSender);
        });
      })();
      return closing;
    },
  };
}
