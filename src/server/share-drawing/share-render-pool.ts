import { Piscina } from "piscina";
import type { ShareCard } from "./share-layout.ts";
import type { DrawnCard } from "./share-render-worker.ts";
import { workerExecArgv, workerFile } from "../worker-threads.ts";

// sharp is loaded by the main thread too (share-pictures.ts), as sharp asks of
// programs that use it in worker threads: its native libraries then stay
// loaded when a worker stops.
//
// Share pictures are drawn in worker threads (docs/decisions/017-share-render-pool.md):
// a picture costs about 150 ms of CPU, and drawn on the main thread a burst
// of them held every other request of the server for seconds. The pool
// bounds how many are drawn at once and how many may wait; past that a
// picture is refused at once (503 with Retry-After) rather than queued
// without end.

export const SHARE_RENDER_DEFAULTS = {
  /** One thread leaves the other core of a two-core server to everything else. */
  threads: 1,
  /**
   * Pictures that may wait for a thread. A waiting picture is answered after
   * about queue × 150 ms / threads: 32 keeps that near five seconds.
   */
  queue: 32,
};

export interface ShareRendererOptions {
  /** Worker threads drawing at once (SHARE_RENDER_THREADS). */
  threads?: number;
  /** Pictures that may wait for a thread; one more is refused (SHARE_RENDER_QUEUE). */
  queue?: number;
}

/** Thrown instead of queueing a picture when the queue is full. */
export class ShareRendererBusy extends Error {
  constructor(
    /** About when the pictures waiting now will have been drawn, in whole seconds. */
    readonly retryAfterSeconds: number,
  ) {
    super("Too many share pictures are waiting to be drawn.");
  }
}

export interface ShareRenderer {
  /**
   * The card `cardOf` puts together, as a PNG drawn in a worker thread.
   * Rejects with ShareRendererBusy, before `cardOf` is called, when the queue
   * is full: a refused picture costs no database reads and no pictures.
   */
  render(cardOf: () => Promise<ShareCard>): Promise<Buffer>;
  /** Worker threads running now: none before the first picture, after ten idle minutes, or after close. */
  readonly threads: number;
  /** Lets the pictures being drawn finish, refuses those waiting, and stops the threads. */
  close(): Promise<void>;
}

const WORKER_FILE = workerFile(import.meta.url, "share-render-worker");

const IDLE_MS = 10 * 60_000;

/** A picture's drawing time, in ms, until one has been measured. */
const FIRST_ESTIMATE_MS = 300;

/**
 * The pool of worker threads that draw share pictures. Nothing starts until
 * the first picture is asked for. A thread idle for ten minutes stops (it
 * holds satori, resvg and the fonts: about 65 MB); until then it stays
 * ready, because starting one costs about a second (loading those modules)
 * on top of the first picture, and a visitor who shares once often shares
 * again.
 */
export function createShareRenderer(options: ShareRendererOptions = {}): ShareRenderer {
  const threads = options.threads ?? SHARE_RENDER_DEFAULTS.threads;
  const queue = options.queue ?? SHARE_RENDER_DEFAULTS.queue;
  let pool: Piscina<ShareCard, DrawnCard> | null = null;
  let closed = false;
  // Pictures accepted and not yet answered: drawing, or waiting for a thread.
  let accepted = 0;
  // A moving average of the drawing times the threads report. Kept here,
  // not read from piscina's histogram, whose summary costs a millisecond or
  // two each time: too much to pay for every refusal in a flood.
  let drawMs = FIRST_ESTIMATE_MS;

  function started(): Piscina<ShareCard, DrawnCard> {
    pool ??= new Piscina({
      filename: WORKER_FILE.href,
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: IDLE_MS,
      execArgv: workerExecArgv(),
      // Below the main thread's priority (Linux): when both want a core,
      // answering requests comes before drawing pictures.
      niceIncrement: 5,
      closeTimeout: 5_000,
      recordTiming: false,
    });
    return pool;
  }

  function busy(): ShareRendererBusy {
    const seconds = Math.ceil((accepted * drawMs) / threads / 1000);
    return new ShareRendererBusy(Math.min(60, Math.max(1, seconds)));
  }

  return {
    async render(cardOf) {
      if (closed) throw new Error("The share renderer is closed.");
      if (accepted >= threads + queue) throw busy();
      // Counted from here, while the card is put together: requests that
      // arrive together are refused at once, not after their database reads.
      accepted++;
      try {
        const card = await cardOf();
        if (closed) throw new Error("The share renderer is closed.");
        const drawn = await started().run(card);
        drawMs += (drawn.ms - drawMs) / 8;
        return Buffer.from(drawn.png.buffer, drawn.png.byteOffset, drawn.png.byteLength);
      } finally {
        accepted--;
      }
    },
    get threads() {
      return pool?.threads.length ?? 0;
    },
    async close() {
      closed = true;
      const running = pool;
      pool = null;
      await running?.close({ force: true });
    },
  };
}
