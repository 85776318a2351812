/**
 * Gathers the same small read made by many requests at once into one query.
 *
 * Under load most of a query's cost is fixed (building it, the wire protocol,
 * planning), and on the embedded PGlite queries run one at a time, so fifty
 * members' session lookups waiting behind each other cost fifty of those.
 * Here a key asked for while a batch is running waits for the next batch,
 * which takes every key asked for meanwhile: under load a few queries serve
 * many requests, and an idle server answers the first key at once.
 *
 * A batch starts on setImmediate, after the event loop has read every request
 * that arrived meanwhile: PGlite answers a query within the microtasks of the
 * tick that asks, so batches cut at the end of a microtask would hold one key.
 */
export interface BatchedReadOptions {
  /** Keys one query takes at most (the rest wait for the next). */
  maxBatch?: number;
  /** Batches running at once: 1 suits PGlite's one connection, a few a pool. */
  maxInFlight?: number;
}

/**
 * `load` answers a batch of distinct keys with a map of those it found; a
 * key missing from the map resolves to undefined. A failed query fails every
 * key of its batch, and only those.
 */
export function batchedRead<K, V>(
  load: (keys: K[]) => Promise<Map<K, V>>,
  { maxBatch = 200, maxInFlight = 1 }: BatchedReadOptions = {},
): (key: K) => Promise<V | undefined> {
  interface Waiting {
    key: K;
    resolve: (value: V | undefined) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      inFlight++;
      const keys = [...new Set(batch.map((w) => w.key))];
      load(keys)
        .then(
          (found) => batch.forEach((w) => w.resolve(found.get(w.key))),
          (error: unknown) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      queue.push({ key, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        pump();
      });
    });
}
