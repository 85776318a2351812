/**
 * Lighthouse on the built app: starts dist/ on a free port with a
 * fresh data directory, seeds one list, and runs Lighthouse's mobile
 * emulation (its default: a mid-range phone, simulated slow 4G) on the main
 * screens, a visitor's view. Each page is measured LIGHTHOUSE_RUNS times (3)
 * and the median of each figure is shown. It exits 1 when a page's median
 * accessibility is under 100 or its median performance under 95 (the targets
 * in docs/performance.md; LIGHTHOUSE_MIN_PERFORMANCE sets another floor). A
 * page whose median performance is under the floor is measured
 * LIGHTHOUSE_RUNS times more and judged on all its runs taken at the phone
 * the settled calibration makes (runsAtThePhone): single runs of one build
 * swing by 2-3 points, and a swing should not fail CI where a regression
 * still does.
 *
 * Lighthouse's phone is the host slowed down 4 times, so a slower or busier
 * host makes a slower phone (the same build scored 95-97 on a host of
 * benchmark index 2,650 and 74-90 on one of 1,400). Lighthouse's throttling
 * guide says to calibrate the multiplier to the host; here it is the host's
 * index over PHONE_BENCHMARK_INDEX, so every host simulates the same phone,
 * taken as the median of the indices of every run so far (three first
 * passes measure the host).
 *
 *   npm run build && npm run lighthouse
 *   LIGHTHOUSE_RUNS=1 npm run lighthouse     # one quick pass
 *   LIGHTHOUSE_REPORT_DIR=/tmp/lh npm run lighthouse   # also keep each run's report (JSON)
 *   LIGHTHOUSE_ONLY=/list/ npm run lighthouse          # only that page, or the pages whose path holds that
 *
 * Uses the system Chromium (e2e/browser-path.ts), headless.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, chromiumPath, freePort } from "../e2e/browser-path.ts";
import { SERVER_BUNDLE } from "../src/server/server-bundle.ts";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const MIN_PERFORMANCE = Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE ?? 95);
const MIN_ACCESSIBILITY = 100;
/**
 * The phone simulated: a benchmark index of 666, what 4x made of the CI host
 * of 2026-11-25/26 (2,622-2,665). Inside Lighthouse's mid-tier mobile range
 * (125-800, docs/throttling.md).
 */
const PHONE_BENCHMARK_INDEX = 666;
/** The CPU slowdown that makes a host of `hostIndex` into that phone. */
const cpuSlowdownFor = (hostIndex: number) =>
  Math.round(Math.min(8, Math.max(1, hostIndex / PHONE_BENCHMARK_INDEX)) * 10) / 10;

/**
 * The runs of a re-measured page taken at the phone the host's settled
 * index makes (a slowdown within a tenth of `slowdown`), if there are
 * enough of them; all the runs otherwise. The first page's first runs
 * follow an index of three calibration passes, and when those met the host
 * at a high moment (the first run after start-up often is) they simulated a
 * phone up to half as fast as meant: "/" scored 92, 93 and 89 at 3.6x, 3.3x
 * and 2.9x, then 94-96 at 2.3-2.6x, and was judged on all ten (94.5).
 */
function runsAtThePhone(runs: Figures[], slowdown: number): Figures[] {
  const atThePhone = runs.filter((r) => Math.abs(r.cpuSlowdown - slowdown) <= slowdown / 10);
  return atThePhone.length >= runs.length / 2 ? atThePhone : runs;
}

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  cls: number;
  lcpMs: number;
  benchmarkIndex: number;
  /** The CPU slowdown the run used. */
  cpuSlowdown: number;
  /** Ids of the accessibility audits that failed, to say what to fix. */
  failedA11y: string[];
}

/** The production server as e2e/global-setup.ts starts it; resolves once /api/health answers. */
async function startApp(): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "sr-lighthouse-"));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["--enable-source-maps", SERVER_BUNDLE], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "error",
      SMTP_URL: "",
      GOOGLE_CLIENT_ID: "",
      TWITTER_CLIENT_ID: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return { baseURL, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("server did not start within 120 s");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** One member with one public list of ten castaways; returns the list page's path. */
async function seedList(baseURL: string): Promise<string> {
  const headers = { "Content-Type": "application/json", Origin: baseURL };
  const signUp = await fetch(`${baseURL}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      email: "lighthouse@example.test",
      password: "correct-horse-battery",
      name: "Lighthouse",
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const items = [
    "s1-richard-hatch",
    "s2-tina-wesson",
    "s20-sandra-diaz-twine",
    "s1-kelly-wiglesworth",
    "s1-b-b-andersen",
    "s1-dirk-been",
    "s49-steven-ramm",
    "s49-sophie-segreti",
  ];
  const made = await fetch(`${baseURL}/api/lists`, {
    method: "POST",
    headers: { ...headers, Cookie: cookie },
    body: JSON.stringify({
      name: "Lighthouse favourites",
      description: "Seeded for Lighthouse.",
      tags: [],
      items,
    }),
  });
  if (made.status !== 201) throw new Error(`list failed: ${made.status} ${await made.text()}`);
  const listId = ((await made.json()) as { list: { id: string } }).list.id;
  return `/list/${userId}/${listId}`;
}

/**
 * One Lighthouse run in a Chromium of its own (a clean profile each time,
 * as Lighthouse advises). Now and then the trace is lost (NO_NAVSTART, "run
 * Lighthouse again"): such a run measured nothing, so it is run again.
 */
async function measure(url: string, reportName: string, cpuSlowdown: number): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROMIUM_FLAGS });
    try {
      return await measureIn(chrome.port, url, reportName, cpuSlowdown);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`retrying ${url}: ${(error as Error).message}`);
    } finally {
      chrome.kill();
    }
  }
}

async function measureIn(
  port: number,
  url: string,
  reportName: string,
  cpuSlowdown: number,
): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    // Merged into the default mobile throttling (slow 4G stays as it is).
    throttling: { cpuSlowdownMultiplier: cpuSlowdown },
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError, environment } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(join(REPORT_DIR, `${reportName}.json`), JSON.stringify(result.lhr, null, 1));
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? NaN,
    benchmarkIndex: environment.benchmarkIndex,
    cpuSlowdown: result.lhr.configSettings.throttling.cpuSlowdownMultiplier ?? NaN,
    failedA11y: (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each figure's median over the runs; failed audits from any run. */
function medianOf(runs: Figures[]): Figures {
  const of = (pick: (f: Figures) => number) => median(runs.map(pick));
  return {
    performance: of((f) => f.performance),
    accessibility: of((f) => f.accessibility),
    bestPractices: of((f) => f.bestPractices),
    cls: of((f) => f.cls),
    lcpMs: of((f) => f.lcpMs),
    benchmarkIndex: of((f) => f.benchmarkIndex),
    cpuSlowdown: of((f) => f.cpuSlowdown),
    failedA11y: [...new Set(runs.flatMap((f) => f.failedA11y))],
  };
}

async function main(): Promise<number> {
  if (!existsSync("dist/client/index.html") || !existsSync(SERVER_BUNDLE)) {
    console.error("No build: run `npm run build` first.");
    return 1;
  }
  const started = Date.now();
  const app = await startApp();
  try {
    const listPath = await seedList(app.baseURL);
    const only = process.env.LIGHTHOUSE_ONLY;
    const all = ["/", "/rankings", listPath, "/create", "/global-rankings/season-49", "/consensus"];
    // An exact path first ("/" is in every path), else every path holding it.
    const paths = !only ? all : all.includes(only) ? [only] : all.filter((p) => p.includes(only));
    const rows: Array<{ path: string } & Figures> = [];
    // The host's index is the median of every index seen so far: three
    // calibration runs, then each measured run. One run's index swings
    // (1,400 to 2,200 on a quiet host, and the first run after start-up is
    // the high one), and a run taken at a slowdown set by one high sample
    // simulated a phone half as fast: 85 against 96 for the same build.
    const indices: number[] = [];
    for (let i = 1; i <= 3; i++) {
      indices.push((await measure(app.baseURL + "/", `calibration-${i}`, 4)).benchmarkIndex);
    }
    const hostIndex = () => median(indices);
    for (const path of paths) {
      const runs: Figures[] = [];
      const name = path === "/" ? "home" : path.split("/")[1]!;
      const measureMore = async (count: number) => {
        for (let i = 0; i < count; i++) {
          const run = await measure(
            app.baseURL + path,
            `${name}-${runs.length + 1}`,
            cpuSlowdownFor(hostIndex()),
          );
          runs.push(run);
          indices.push(run.benchmarkIndex);
        }
      };
      await measureMore(RUNS);
      const first = medianOf(runs).performance;
      let judged = runs;
      if (first < MIN_PERFORMANCE) {
        console.error(`${path}: median performance ${first} < ${MIN_PERFORMANCE}; measuring ${RUNS} more`);
        await measureMore(RUNS);
        judged = runsAtThePhone(runs, cpuSlowdownFor(hostIndex()));
      }
      rows.push({ path, ...medianOf(judged) });
      const each = runs.map((r) => `${r.performance} at ${r.cpuSlowdown}x`).join(", ");
      console.error(`measured ${path} (${each})`);
    }

    console.log(
      `\nLighthouse, mobile emulation, median of ${RUNS} run(s) per page (${2 * RUNS} where re-measured):\n`,
    );
    console.table(
      rows.map((r) => ({
        page: r.path.startsWith("/list/") ? "/list/:userId/:listId" : r.path,
        performance: r.performance,
        accessibility: r.accessibility,
        "best-practices": r.bestPractices,
        CLS: Number(r.cls.toFixed(3)),
        "LCP (ms)": Math.round(r.lcpMs),
      })),
    );
    console.log(
      `\nThe host's benchmark index: ${Math.round(median(rows.map((r) => r.benchmarkIndex)))}; ` +
        `CPU slowdown ${median(rows.map((r) => r.cpuSlowdown))}x for a phone of ${PHONE_BENCHMARK_INDEX} ` +
        `(checked: performance at least ${MIN_PERFORMANCE}, accessibility ${MIN_ACCESSIBILITY})`,
    );
    let failed = false;
    for (const r of rows) {
      if (r.performance < MIN_PERFORMANCE) {
        console.error(`${r.path}: performance ${r.performance} < ${MIN_PERFORMANCE}`);
        failed = true;
      }
      if (r.accessibility < MIN_ACCESSIBILITY) {
        console.error(
          `${r.path}: accessibility ${r.accessibility} < ${MIN_ACCESSIBILITY} (${r.failedA11y.join(", ")})`,
        );
        failed = true;
      }
    }
    console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s in all`);
    return failed ? 1 : 0;
  } finally {
    await app.stop();
  }
}

process.exitCode = await main();
