import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const module = fileURLToPath(new URL("./heap-growth.ts", import.meta.url));

/**
 * V8's largest heap in a child process that keeps about 40 MB alive and
 * makes a stream of garbage beside it, with or without keepHeapNearLive().
 */
function peakHeapMb(keepNearLive: boolean): number {
  const script = `
    import { getHeapStatistics } from "node:v8";
    ${keepNearLive ? `(await import(${JSON.stringify(module)})).keepHeapNearLive();` : ""}
    const live = [];
    for (let i = 0; i < 4e5; i++) live.push({ i, s: "x" + i });
    let peak = 0;
    let garbage = [];
    for (let round = 0; round < 200; round++) {
      for (let i = 0; i < 2e4; i++) garbage.push({ round, i, pair: [i, i] });
      if (garbage.length > 1e5) garbage = [];
      peak = Math.max(peak, getHeapStatistics().total_heap_size);
    }
    console.log(peak / 2 ** 20, live.length);
  `;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  expect(run.status, run.stderr).toBe(0);
  return Number(run.stdout.split(" ")[0]);
}

describe("keepHeapNearLive", () => {
  it("collects before the heap grows far past what is live", () => {
    const free = peakHeapMb(false);
    const kept = peakHeapMb(true);
    expect(kept).toBeLessThan(free * 0.85);
  });
});
