import { fileURLToPath } from "node:url";
import { Worker, type WorkerOptions } from "node:worker_threads";
/**
 * Where a worker thread's code is, from source or bundled. From source (tsx:
 * `npm run dev`, the tests) a worker is the TypeScript file beside the code
 * that starts it. Bundled (`npm start`), that code is in dist/server/main.js
 * and esbuild has put each worker beside it under the name server-bundle.ts
 * gives it (the source file's name, .js).
 */
const FROM_SOURCE = import.meta.url.endsWith(".ts");

/** The worker `name` (a file beside `besideUrl` from source, beside the bundle once built). */
export function workerFile(besideUrl: string, name: string): URL {
  return FROM_SOURCE ? new URL(`./${name}.ts`, besideUrl) : new URL(`./${name}.js`, import.meta.url);
}

/**
 * A worker thread inherits the main thread's Node options: under `node
 * --import tsx` it loads TypeScript already, under vitest (whose own loader
 * does not reach worker threads) it needs tsx named.
 */
export function workerExecArgv(): string[] | undefined {
  if (!FROM_SOURCE) return undefined;
  const args = process.execArgv;
  const hasTsx = args.some((a, i) => a === "--import=tsx" || (a === "tsx" && args[i - 1] === "--import"));
  return hasTsx ? undefined : [...args, "--import", "tsx"];
}

/**
 * A worker thread running `file` (from workerFile). From source, Node 20
 * refuses a worker's TypeScript file by its extension (tsx's ESM loader
 * does not reach worker threads; its require hook does): worker-boot.cjs
 * loads it through require. Piscina's workers load theirs the same way.
 */
export function startWorker(file: URL, options: WorkerOptions = {}): Worker {
  if (!FROM_SOURCE) return new Worker(file, options);
  return new Worker(new URL("./worker-boot.cjs", import.meta.url), {
    ...options,
    argv: [fileURLToPath(file)],
    execArgv: workerExecArgv(),
  });
}
