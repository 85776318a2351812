import type { Logger } from "../logger.ts";

/** Listeners of one kind, each run apart: one that throws does not stop the others. */
export function listenerSet<A extends unknown[]>(logger: Logger, what: string) {
  const fns = new Set<(...args: A) => void>();
  return {
    add(fn: (...args: A) => void) {
      fns.add(fn);
      return () => fns.delete(fn);
    },
    run(...args: A) {
      for (const fn of fns) {
        try {
          fn(...args);
        } catch (e) {
          logger.error(`${what} listener failed`, { error: String(e) });
        }
      }
    },
    clear: () => fns.clear(),
  };
}
