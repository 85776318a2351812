import { setFlagsFromString } from "node:v8";

/**
 * How far V8 lets its old generation grow past what survived the last full
 * collection before the next one, on the embedded database: half as much
 * again, where on a machine with plenty of memory V8 allows up to four times
 * (docs/performance.md, "V8's heap kept near what is live").
 */
const EMBEDDED_HEAP_GROWING_PERCENT = 50;

/**
 * On PGlite the whole install is one process, the database included, held
 * to a small server's memory: collect sooner. On PostgreSQL the process
 * holds no database and stays well inside that memory anyway, and the more
 * frequent collections cost the live events their tail latency, so V8
 * keeps its own factor there. The option is read at every collection, so
 * setting it once the process runs takes effect.
 */
export function keepHeapNearLive(): void {
  setFlagsFromString(`--heap-growing-percent=${EMBEDDED_HEAP_GROWING_PERCENT}`);
}
