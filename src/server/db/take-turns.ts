/**
 * Runs at most `limit` of the tasks given to it at once; the others wait,
 * first come first served. For slow statements that would otherwise hold
 * every pooled connection at once, while the quick ones wait behind them.
 */
export function takeTurns(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < limit) running++;
    // A finishing task hands its place on (below), so `running` stays as it is.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
