/**
 * A consensus refit's memory on kept benchmark data: starts the server
 * process (as `npm start` runs it) on a PGlite data directory, waits for its
 * first consensus, then saves a list twice and waits for each refit,
 * sampling the process's resident memory every 50 ms.
 *
 *   cp -a /tmp/pristine-1m /tmp/run-1m   # a directory BENCH_PGLITE_DIR seeded
 *   node --import tsx scripts/refit-memory.ts /tmp/run-1m
 *
 * Prints the peak while the first consensus was computed, the resident
 * memory idle after it, and each refit's peak (docs/performance.md, "A
 * refit's memory at a million lists"). It writes to the directory: use a copy.
 */
import { readFileSync } from "node:fs";
import { call, launchServer, signUpMember } from "#testing/server-process.ts";

const dir = process.argv[2];
if (!dir) throw new Error("usage: node --import tsx scripts/refit-memory.ts <PGlite data directory>");

const mb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const launched = performance.now();
// The refresh's own rests still apply: a refit comes at most every 30 s at a million lists.
const server = await launchServer({ DATA_DIR: dir, DATABASE_URL: "", CONSENSUS_REFRESH_MS: "200" }, 600_000);
const pid = server.child.pid!;
let peak = mb(pid);
const sampler = setInterval(() => (peak = Math.max(peak, mb(pid))), 50);
const refits = () =>
  server
    .stdout()
    .split("\n")
    .filter((l) => l.includes("consensus: computed"));
const refitsReach = async (n: number) => {
  while (refits().length < n) await new Promise((r) => setTimeout(r, 100));
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

try {
  await refitsReach(1);
  const firstS = ((performance.now() - launched) / 1000).toFixed(1);
  console.log(`first consensus after ${firstS} s: peak ${peak.toFixed(0)} MB`);
  await pause(3000);
  console.log(`idle after it: ${mb(pid).toFixed(0)} MB`);
  const member = await signUpMember(server.url, `refit-${Date.now()}@example.com`);
  for (let n = 1; n <= 2; n++) {
    await pause(2000);
    peak = mb(pid);
    const idle = peak;
    const saved = await call(server.url, "/api/lists", {
      json: { name: `Refit ${n}`, items: ["s1", "s2", "s3"] },
      cookie: member.cookie,
    });
    if (saved.status !== 201) throw new Error(`saving a list answered ${saved.status}`);
    await refitsReach(n + 1);
    console.log(`refit ${n}: ${idle.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`);
  }
  console.log(refits().join("\n"));
} finally {
  clearInterval(sampler);
  server.child.kill("SIGTERM");
  await server.exited;
}
