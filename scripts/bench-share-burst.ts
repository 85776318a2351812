/**
 * The share-picture burst of `npm run bench` (BENCH_ONLY=burst): many
 * pictures no process has drawn yet, asked for at the same moment (one
 * visitor opening the share dialog of every list on a page, or a crawler),
 * while other visitors keep asking for `/api/health` and `/api/browse`. What
 * it measures is how much the drawing slows everyone else: their p95 during
 * the burst, next to the same probes in a quiet window just before it.
 *
 * The probes are open-loop (one request every few milliseconds, whether or
 * not the last one answered), so a stalled server shows as long latencies
 * rather than as fewer samples, and they add little load of their own.
 * bench.ts runs it against the server started as its own process, as an
 * install runs it, with no picture stored yet.
 */

export interface BurstOptions {
  base: string;
  /** Paths of the pictures drawn at once, each a list not drawn before. */
  burstPaths: string[];
  /** A picture of another list, drawn first: fonts and backdrops load once per process. */
  warmPath: string;
  /** The quiet window before the burst, in ms. */
  quietMs: number;
  /** CPU time the server process has used so far, in ms. */
  serverCpuMs: () => number;
}

export interface ProbeStats {
  path: string;
  count: number;
  p50: number;
  p95: number;
  max: number;
  errors: number;
}

export interface BurstResult {
  pictures: number;
  ok: number;
  busy: number;
  /** Any other answer than 200 or 503. */
  failed: number;
  /** From the first request sent to the last answer, in ms. */
  wallMs: number;
  /** The slowest picture's time, in ms. */
  slowestMs: number;
  serverCpuMs: number;
  quiet: ProbeStats[];
  during: ProbeStats[];
}

/** Requests to each probe path at a fixed rate: health 50 a second, browse 20. */
const PROBES = [
  { path: "/api/health", everyMs: 20 },
  { path: "/api/browse", everyMs: 50 },
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Starts the probes; the returned function stops them and waits for their last answers. */
function startProbes(base: string): () => Promise<ProbeStats[]> {
  const runs = PROBES.map(({ path, everyMs }) => {
    const times: number[] = [];
    const pending = new Set<Promise<void>>();
    let errors = 0;
    const timer = setInterval(() => {
      const started = performance.now();
      const done = fetch(base + path)
        .then(async (res) => {
          await res.arrayBuffer();
          if (!res.ok) errors++;
          times.push(performance.now() - started);
        })
        .catch(() => {
          errors++;
        })
        .finally(() => pending.delete(done));
      pending.add(done);
    }, everyMs);
    return { path, times, pending, timer, errors: () => errors };
  });
  return async () => {
    for (const run of runs) clearInterval(run.timer);
    await Promise.all(runs.flatMap((run) => [...run.pending]));
    return runs.map((run) => {
      const sorted = run.times.sort((a, b) => a - b);
      const round = (ms: number) => Math.round(ms * 10) / 10;
      return {
        path: run.path,
        count: sorted.length,
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        max: round(sorted.at(-1) ?? 0),
        errors: run.errors(),
      };
    });
  };
}

export async function runShareBurst(options: BurstOptions): Promise<BurstResult> {
  const { base } = options;
  const warm = await fetch(base + options.warmPath);
  await warm.arrayBuffer();
  if (!warm.ok) throw new Error(`the warm-up picture failed: ${warm.status}`);
  for (const { path } of PROBES) await fetch(base + path).then((r) => r.arrayBuffer());

  const stopQuiet = startProbes(base);
  await new Promise((r) => setTimeout(r, options.quietMs));
  const quiet = await stopQuiet();

  const stopDuring = startProbes(base);
  const cpuBefore = options.serverCpuMs();
  const started = performance.now();
  let slowestMs = 0;
  const statuses = await Promise.all(
    options.burstPaths.map(async (path) => {
      const res = await fetch(base + path);
      await res.arrayBuffer();
      slowestMs = Math.max(slowestMs, performance.now() - started);
      return res.status;
    }),
  );
  const wallMs = performance.now() - started;
  const serverCpuMs = options.serverCpuMs() - cpuBefore;
  const during = await stopDuring();
  const ok = statuses.filter((s) => s === 200).length;
  const busy = statuses.filter((s) => s === 503).length;
  return {
    pictures: statuses.length,
    ok,
    busy,
    failed: statuses.length - ok - busy,
    wallMs: Math.round(wallMs),
    slowestMs: Math.round(slowestMs),
    serverCpuMs,
    quiet,
    during,
  };
}

export function printBurst(name: string, r: BurstResult): void {
  console.log(
    `\n${name}: ${r.ok} drawn, ${r.busy} answered 503 (busy), ${r.failed} failed; ` +
      `all answered in ${(r.wallMs / 1000).toFixed(1)} s; ` +
      `the server process's CPU time ${r.serverCpuMs} ms (${Math.round(r.serverCpuMs / Math.max(1, r.ok))} ms a picture drawn)\n`,
  );
  console.log(
    "| probe | quiet p50 ms | quiet p95 ms | burst p50 ms | burst p95 ms | burst max ms | burst samples | errors |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  r.during.forEach((d, i) => {
    const q = r.quiet[i]!;
    console.log(
      `| ${d.path} | ${q.p50} | ${q.p95} | ${d.p50} | ${d.p95} | ${d.max} | ${d.count} | ${q.errors + d.errors} |`,
    );
  });
}
