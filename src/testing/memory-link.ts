import type { ProcessLink } from "#server/events/process-link.ts";

export interface MemoryLinks {
  /** One link per process; what one sends, every one receives (as NOTIFY delivers to every listener). */
  links: ProcessLink[];
  /** Cuts (false) or restores (true) the line of one process, as a dropped LISTEN connection would. */
  setConnected(index: number, connected: boolean): void;
  /** Every payload sent, in order. */
  sent: string[];
}

/** Process links joined in memory: the unit tests' stand-in for PostgreSQL's LISTEN/NOTIFY between processes. */
export function memoryLinks(count: number): MemoryLinks {
  const onMessage = Array.from({ length: count }, () => new Set<(payload: string) => void>());
  const onReconnect = Array.from({ length: count }, () => new Set<() => void>());
  const connected = Array.from({ length: count }, () => true);
  const sent: string[] = [];
  const links = onMessage.map((mine, i): ProcessLink => ({
    shared: true,
    async send(payload) {
      sent.push(payload);
      await Promise.resolve();
      onMessage.forEach((listeners, j) => {
        if (connected[j]) for (const fn of listeners) fn(payload);
      });
    },
    onMessage(fn) {
      mine.add(fn);
      return () => mine.delete(fn);
    },
    onReconnect(fn) {
      onReconnect[i]!.add(fn);
      return () => onReconnect[i]!.delete(fn);
    },
    inSync: () => connected[i]!,
    async close() {
      mine.clear();
    },
  }));
  return {
    links,
    sent,
    setConnected(index, value) {
      const was = connected[index];
      connected[index] = value;
      if (value && !was) for (const fn of onReconnect[index]!) fn();
    },
  };
}
