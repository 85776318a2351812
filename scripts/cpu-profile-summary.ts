/**
 * Where a CPU profile's time went (`BENCH_CPU_PROFILE` writes the server's):
 * self time by package or file, self time by function, and time including
 * callees by function, each the costliest first.
 *
 *   node --import tsx scripts/cpu-profile-summary.ts <file.cpuprofile> [rows] [last-seconds]
 *
 * `last-seconds` keeps only the samples of the profile's last seconds: the
 * bench's measured run is its last 10 s, and start-up (seeding caches,
 * compiling) would otherwise blur its shares.
 */
import { readFileSync } from "node:fs";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg, lastArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: cpu-profile-summary.ts <file.cpuprofile> [rows] [last-seconds]");
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);

// Microseconds per node: each sample's time delta goes to the node it hit.
const at: number[] = [];
profile.samples.reduce((t, _, i) => (at[i] = t + (profile.timeDeltas[i] ?? 0)), 0);
const from = lastArg ? (at.at(-1) ?? 0) - Number(lastArg) * 1e6 : -Infinity;
const sampled = new Map<number, number>();
profile.samples.forEach((id, i) => {
  if (at[i]! >= from) sampled.set(id, (sampled.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...sampled.values()].reduce((a, b) => a + b, 0);

const shortUrl = (url: string) =>
  url.replace(/.*node_modules\//, "node_modules/").replace(/^file:\/\/.*?\/src\//, "src/");
/** A package (node_modules/<name> or <@scope/name>) or a file. */
const placeOf = (frame: CallFrame) => {
  const url = shortUrl(frame.url);
  if (!url) return frame.functionName || "(native)";
  const parts = url.split("/");
  if (parts[0] !== "node_modules") return url;
  return parts.slice(0, parts[1]?.startsWith("@") ? 3 : 2).join("/");
};
const nameOf = (f: CallFrame) => `${f.functionName || "(anonymous)"} ${shortUrl(f.url)}:${f.lineNumber + 1}`;

const add = (m: Map<string, number>, key: string, us: number) => m.set(key, (m.get(key) ?? 0) + us);
const selfByPlace = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const withCallees = new Map<string, number>();
for (const [id, us] of sampled) {
  const frame = byId.get(id)!.callFrame;
  add(selfByPlace, placeOf(frame), us);
  add(selfByFunction, nameOf(frame), us);
  // Each function once per stack, however deep its recursion.
  const onStack = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    onStack.add(nameOf(byId.get(at)!.callFrame));
  }
  for (const name of onStack) add(withCallees, name, us);
}

const table = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}\n| ms | share | where |\n|---:|---:|---|`);
  for (const [key, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`| ${(us / 1000).toFixed(0)} | ${((100 * us) / total).toFixed(1)} % | \`${key}\` |`);
  }
};
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
table("Self time by package or file", selfByPlace);
table("Self time by function", selfByFunction);
table("Time including callees, by function", withCallees);
