/**
 * Community Consensus benchmark: the cost of one full consensus fit (every
 * slice of seasons and castaways) at the site's target size.
 *
 *   node --import tsx scripts/bench-consensus.ts
 *       # 1,000,000 lists by 100,000 members over 917 castaways and 50 seasons
 *   CONSENSUS_LISTS=100000 CONSENSUS_MEMBERS=10000 node --import tsx scripts/bench-consensus.ts
 *
 * This process draws the lists (src/server/modules/consensus/model/synthetic-site.ts:
 * lengths 3 to 50, skewed popularity, few members with many lists) and writes
 * them, ordered by member as the query will return them, to a temporary
 * folder; a fresh child process reads them, builds the
 * ballots and fits every slice, one after the other on one core, as the
 * worker will. The child's peak resident memory is therefore the fit's (and
 * the lists'), not the generator's.
 *
 * Beside each fit, the cost of its slices' fingerprints: what a refresh
 * pays to find that a slice's ballots did not change and need no fit.
 *
 * Then pointsRankRanges (the Global Rankings top 10's bootstrap) on 100,000
 * submissions, over a season's cast (24) and over all 917 castaways.
 *
 * Baseline of the same run: an average of relative positions per item over
 * the same lists, one pass, the cheapest "consensus" there is. The fit is
 * reported as a multiple of it, which holds across machines better than
 * seconds do.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  buildBallots,
  createBallotBuffers,
  orderByMember,
} from "../src/server/modules/consensus/model/ballots.ts";
import { fitConsensus } from "../src/server/modules/consensus/model/consensus.ts";
import { pointsRankRanges } from "../src/server/modules/consensus/model/points-rank-ranges.ts";
import { SeededRandom } from "../src/server/modules/consensus/model/random.ts";
import { AliasSampler, spreadStrengths } from "../src/server/modules/consensus/model/synthetic.ts";
import { castawayPartitions, seasonPartitions } from "../src/server/modules/consensus/model/slices.ts";
import { syntheticSite } from "../src/server/modules/consensus/model/synthetic-site.ts";
import type { Partition, RankedLists } from "../src/server/modules/consensus/model/types.ts";
import { seasonSliceChunks } from "../src/server/modules/consensus/compute-consensus.ts";
import { sliceFingerprint } from "../src/server/modules/consensus/slice-fingerprint.ts";
import { loadReferenceData } from "../src/server/modules/seasons/reference-data.ts";

const MIN_BALLOTS = 5;
const POINTS_SUBMISSIONS = 100_000;
const ARRAYS = ["member", "offsets", "items"] as const;
const KINDS = ["seasons", "castaways"] as const;

interface Meta {
  lists: number;
  members: number;
  seasonNumbers: number[];
  seasonOfCastaway: number[];
  kinds: Record<(typeof KINDS)[number], { memberCount: number; lists: number; entries: number }>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

if (process.argv[2] === "--fit") {
  fitChild(process.argv[3]!);
} else {
  generateAndMeasure();
}

function generateAndMeasure(): void {
  const lists = Number(process.env.CONSENSUS_LISTS ?? 1_000_000);
  const members = Number(process.env.CONSENSUS_MEMBERS ?? Math.round(lists / 10));
  const seasonSizes = loadReferenceData().map((s) => s.castaways.length);
  const started = performance.now();
  const site = syntheticSite({ lists, members, seed: 2024, seasonSizes });
  // As the query will (ORDER BY the member): buildBallots then reads the lists front to back.
  site.seasons = orderByMember(site.seasons);
  site.castaways = orderByMember(site.castaways);
  const generated = performance.now() - started;
  const dir = mkdtempSync(join(tmpdir(), "bench-consensus-"));
  try {
    const meta: Meta = {
      lists,
      members,
      seasonNumbers: Array.from(site.seasonNumbers),
      seasonOfCastaway: Array.from(site.seasonOfCastaway),
      kinds: {
        seasons: describe(site.seasons),
        castaways: describe(site.castaways),
      },
    };
    writeFileSync(join(dir, "meta.json"), JSON.stringify(meta));
    for (const kind of KINDS) {
      for (const name of ARRAYS) {
        const a = site[kind][name];
        writeFileSync(join(dir, `${kind}.${name}`), new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
      }
    }
    console.log(
      `${lists.toLocaleString("en")} lists by ${members.toLocaleString("en")} members ` +
        `(${meta.kinds.seasons.lists.toLocaleString("en")} of seasons, ${meta.kinds.castaways.lists.toLocaleString("en")} of castaways; ` +
        `${(meta.kinds.seasons.entries + meta.kinds.castaways.entries).toLocaleString("en")} entries), drawn in ${seconds(generated)}`,
    );
    const script = fileURLToPath(import.meta.url);
    execFileSync(process.execPath, ["--import", "tsx", "--expose-gc", script, "--fit", dir], {
      stdio: "inherit",
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function describe(lists: RankedLists) {
  return { memberCount: lists.memberCount, lists: lists.member.length, entries: lists.items.length };
}

function fitChild(dir: string): void {
  const startRss = process.memoryUsage().rss;
  const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")) as Meta;
  const data = Object.fromEntries(
    KINDS.map((kind) => [
      kind,
      {
        memberCount: meta.kinds[kind].memberCount,
        member: readInts(join(dir, `${kind}.member`)),
        offsets: readInts(join(dir, `${kind}.offsets`)),
        items: readInts(join(dir, `${kind}.items`)),
      } satisfies RankedLists,
    ]),
  ) as Record<(typeof KINDS)[number], RankedLists>;
  global.gc?.();
  const loadedRss = process.memoryUsage().rss;

  let heapPeak = process.memoryUsage().heapUsed;
  let rssPeakSampled = loadedRss;
  const sample = () => {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    rssPeakSampled = Math.max(rssPeakSampled, m.rss);
  };

  // Baseline: mean relative position per item, one pass over every list.
  const baselineStart = performance.now();
  const checksum = averagePositions(data.seasons, 50) + averagePositions(data.castaways, 917);
  const baseline = performance.now() - baselineStart;

  const seasons = seasonPartitions(meta.seasonNumbers);
  const castaways = castawayPartitions(Int32Array.from(meta.seasonOfCastaway), meta.seasonNumbers.length);
  const rows: string[][] = [];
  const fitStart = performance.now();
  const cpuStart = process.cpuUsage();
  // The fingerprints' time is shown apart, and left out of the fit's total.
  let fingerprintTotal = 0;

  // A list reaches many seasons, so the 50 season slices hold several rankings
  // per list: they are built a few seasons at a time, as a refresh does.
  const ids = {
    seasons: meta.seasonNumbers.map((n) => `s${n}`),
    castaways: meta.seasonOfCastaway.map((_, c) => `c${c}`),
  };
  const plan: [string, RankedLists, Partition[]][] = [
    ["seasons, all", data.seasons, [seasons.all]],
    ["seasons by era (3 slices)", data.seasons, [seasons.eras]],
    ["castaways overall", data.castaways, [castaways.overall]],
    [
      "castaways by season (50 slices)",
      data.castaways,
      seasonSliceChunks(castaways.bySeason, data.castaways).map((c) => c.partition),
    ],
  ];
  // One set of buffers for every slice, as a worker would keep (see buildBallots).
  const buffers = createBallotBuffers();
  for (const [name, lists, partitions] of plan) {
    let built = 0;
    let builtCpu = 0;
    let fitted = 0;
    let fittedCpu = 0;
    let fingerprinted = 0;
    let iterations = 0;
    let rankings = 0;
    let ballots = 0;
    let converged = true;
    for (const partition of partitions) {
      let t0 = performance.now();
      let c0 = process.cpuUsage();
      const slices = buildBallots(lists, partition, buffers);
      built += performance.now() - t0;
      builtCpu += cpuMs(c0);
      sample();
      t0 = performance.now();
      for (const slice of slices)
        sliceFingerprint(slice, ids[lists === data.seasons ? "seasons" : "castaways"], MIN_BALLOTS);
      const took = performance.now() - t0;
      fingerprinted += took;
      fingerprintTotal += took;
      t0 = performance.now();
      c0 = process.cpuUsage();
      for (const slice of slices) {
        const result = fitConsensus({ ...slice, minBallots: MIN_BALLOTS });
        iterations = Math.max(iterations, result.iterations);
        rankings += result.rankingCount;
        ballots += result.ballotCount;
        converged &&= result.converged;
        sample();
      }
      fitted += performance.now() - t0;
      fittedCpu += cpuMs(c0);
    }
    rows.push([
      name,
      seconds(built),
      seconds(builtCpu),
      seconds(fitted),
      seconds(fittedCpu),
      seconds(fingerprinted),
      ballots.toLocaleString("en"),
      rankings.toLocaleString("en"),
      `${iterations}${converged ? "" : " (not converged)"}`,
      mb(process.memoryUsage().rss),
    ]);
  }
  const total = performance.now() - fitStart - fingerprintTotal;
  const totalCpu = seconds(cpuMs(cpuStart) - fingerprintTotal);
  sample();
  const maxRss = process.resourceUsage().maxRSS * 1024;
  const points = [24, 917].map((castaways) => timePointsRanges(POINTS_SUBMISSIONS, castaways));

  console.log("");
  table(
    [
      "slice",
      "build",
      "(cpu)",
      "fit",
      "(cpu)",
      "fingerprint",
      "ballots",
      "rankings",
      "most passes",
      "RSS after",
    ],
    rows,
  );
  console.log("");
  console.log(
    `one full fit (all 55 slices):   ${seconds(total)} (cpu ${totalCpu}; load average ${loadavg()[0]!.toFixed(1)} on this machine)`,
  );
  console.log(
    `baseline (average positions):   ${seconds(baseline)}   fit / baseline = ${(total / baseline).toFixed(1)}  [${checksum.toFixed(3)}]`,
  );
  console.log(
    `peak RSS (child process):       ${mb(maxRss)}  (node alone ${mb(startRss)}, with the lists loaded ${mb(loadedRss)})`,
  );
  console.log(`peak heap used (sampled):       ${mb(heapPeak)}  (typed arrays live outside the heap)`);
  console.log("");
  for (const p of points) {
    console.log(
      `pointsRankRanges, ${POINTS_SUBMISSIONS.toLocaleString("en")} submissions over ${p.castaways} castaways: ` +
        `${seconds(p.wall)} (cpu ${seconds(p.cpu)}), top 10 ${p.top}`,
    );
  }
}

/** Global Rankings submissions: ten castaways each, Plackett–Luce with close strengths. */
function timePointsRanges(submissions: number, castaways: number) {
  const random = new SeededRandom(castaways);
  const sampler = new AliasSampler(spreadStrengths(castaways, 0.3).map(Math.exp));
  const slots = new Int32Array(submissions * 10);
  for (let s = 0; s < submissions; s++) sampler.topK(10, random, slots, s * 10);
  const nameOrder = Int32Array.from({ length: castaways }, (_, i) => i);
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const ranges = pointsRankRanges({ itemCount: castaways, slots, nameOrder });
  return {
    castaways,
    wall: performance.now() - t0,
    cpu: cpuMs(c0),
    top: ranges.map((r) => `#${r.rank} (${r.low}-${r.high})`).join(" "),
  };
}

function readInts(path: string): Int32Array {
  const buffer = readFileSync(path);
  const copy = new Int32Array(buffer.byteLength / 4);
  new Uint8Array(copy.buffer).set(buffer);
  return copy;
}

function averagePositions(lists: RankedLists, catalogueSize: number): number {
  const sum = new Float64Array(catalogueSize);
  const count = new Int32Array(catalogueSize);
  const { offsets, items } = lists;
  for (let l = 0; l + 1 < offsets.length; l++) {
    const k = offsets[l + 1]! - offsets[l]!;
    for (let t = 0; t < k; t++) {
      const i = items[offsets[l]! + t]!;
      sum[i]! += k > 1 ? t / (k - 1) : 0;
      count[i]!++;
    }
  }
  let checksum = 0;
  for (let i = 0; i < catalogueSize; i++) checksum += count[i]! ? sum[i]! / count[i]! : 0;
  return checksum / catalogueSize;
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, j) => Math.max(h.length, ...rows.map((r) => r[j]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, j) => (j === 0 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join("  ");
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}
