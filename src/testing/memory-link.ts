import { randomUUID } from "node:crypto";
import { createLogger } from "#server/logger.ts";
import { createBatches } from "#server/events/notify-batches.ts";
import { listenerSet } from "#server/events/listener-set.ts";
import { payloadReader, type ProcessLink } from "#server/events/process-link.ts";

export interface MemoryLinks {
  /** One link per process; what one sends, every one receives (as NOTIFY delivers to every listener). */
  links: ProcessLink[];
  /** Cuts (false) or restores (true) the line of one process, as a dropped LISTEN connection would. */
  setConnected(index: number, connected: boolean): void;
  /** Every payload sent, in order. */
  sent: string[];
}

/**
 * Process links joined in memory: the unit tests' stand-in for PostgreSQL's
 * LISTEN/NOTIFY between processes. Messages go in the batches and payloads
 * the real link sends, and are read as it reads them.
 */
export function memoryLinks(count: number): MemoryLinks {
  const logger = createLogger("silent");
  const connected = Array.from({ length: count }, () => true);
  const sent: string[] = [];
  const ends = connected.map(() => ({
    processId: randomUUID(),
    messages: listenerSet<[unknown]>(logger, "message"),
    missed: listenerSet<[]>(logger, "missed"),
  }));
  const readers = ends.map((end) =>
    payloadReader(
      end.processId,
      { message: (m) => end.messages.run(m), missed: () => end.missed.run() },
      logger,
    ),
  );
  const links = ends.map((end): ProcessLink => {
    const batches = createBatches({
      processId: end.processId,
      async send(payload) {
        sent.push(payload);
        await Promise.resolve();
        readers.forEach((read, j) => {
          if (connected[j]) read(payload);
        });
      },
      onError: () => {},
    });
    return {
      shared: true,
      send: (message) => batches.add(message),
      flush: () => batches.flush(),
      onMessage: (fn) => end.messages.add(fn),
      onMissed: (fn) => end.missed.add(fn),
      inSync: () => connected[ends.indexOf(end)]!,
      async close() {
        end.messages.clear();
      },
    };
  });
  return {
    links,
    sent,
    setConnected(index, value) {
      const was = connected[index];
      connected[index] = value;
      if (value && !was) ends[index]!.missed.run();
    },
  };
}
