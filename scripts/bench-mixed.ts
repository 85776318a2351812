/**
 * The mixed workload of `npm run bench`: many signed-in members at once, 80 %
 * reads and 20 % writes (upvotes, favourites, comments, Global Rankings
 * votes, list saves), each request a random member. Reported per kind;
 * bench.ts runs it against the server started as its own process, as an
 * install runs it, and reports that process's peak memory.
 *
 * autocannon reports one latency for all requests, so this has its own small
 * load generator: `connections` loops on keep-alive sockets, each request
 * written on its socket as autocannon writes the baseline's
 * (bench-connection.ts), not through Node's HTTP client. Each loop talks
 * from its own loopback address (127.0.0.x): the per-address write limit
 * (1,500 a minute) is meant for one household, not for a whole benchmark.
 * The loops run on a worker thread (`runMixedInWorker`).
 */
import { createHmac, randomBytes } from "node:crypto";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { sql } from "drizzle-orm";
import type { Db } from "../src/server/db/client.ts";
import { Connection } from "./bench-connection.ts";

export interface MixedOptions {
  base: string;
  origin: string;
  connections: number;
  seconds: number;
  /** Seeded members: bench-u1 ... bench-u{users}; member k owns list i when k = 1 + i % users. */
  users: number;
  lists: number;
  /** Cookies of signed-in members (index k - 1 is bench-u{k}). */
  cookies: string[];
  /** Ids of one season's castaways: list entries and vote slots. */
  castawayIds: string[];
  /** An open Global Rankings category of that season. */
  categoryId: string;
  /** The list that carries the discussion. */
  discussed: { userId: string; listId: string };
  /**
   * Members after this many only (a warm-up's members, so that what the
   * server remembers of a member, their session above all, is not already
   * known when the measured run meets them); 0 by default.
   */
  memberOffset?: number;
}

export interface KindResult {
  kind: string;
  write: boolean;
  count: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
}

export interface MixedResult {
  kinds: KindResult[];
  total: { rps: number; p95: number; errors: number };
}

/**
 * Sessions for `count` seeded members, written straight to the database with
 * cookies signed as better-auth signs them: signing up 10,000 members through
 * the API would hash 10,000 passwords first.
 */
export async function seedSessions(db: Db, secret: string, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => randomBytes(24).toString("base64url"));
  for (let from = 0; from < count; from += 1000) {
    const chunk = tokens.slice(from, from + 1000);
    const values = chunk.map(
      (token, i) =>
        sql`(${`bench-s${from + i + 1}`}, ${token}, ${`bench-u${from + i + 1}`}, now() + interval '7 days', now(), now())`,
    );
    await db.execute(
      sql`INSERT INTO session (id, token, user_id, expires_at, created_at, updated_at) VALUES ${sql.join(values, sql`, `)}`,
    );
  }
  return tokens.map((token) => {
    const signature = createHmac("sha256", secret).update(token).digest("base64");
    return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
  });
}

interface Request {
  method: "GET" | "POST" | "PUT";
  path: string;
  cookie: string;
  body?: unknown;
}

interface Kind {
  name: string;
  weight: number;
  write: boolean;
  make: (member: number, o: MixedOptions) => Request;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const someone = (o: MixedOptions) => {
  const offset = o.memberOffset ?? 0;
  return 1 + offset + Math.floor(Math.random() * (Math.min(o.users, o.cookies.length) - offset));
};
const someList = (o: MixedOptions) => {
  const i = 1 + Math.floor(Math.random() * o.lists);
  return `bench-u${1 + (i % o.users)}/list_${1600000000000 + i}`;
};
/** A list the member owns (the seed gives member k list k - 1, or list `users` for member 1). */
const ownList = (member: number, o: MixedOptions) =>
  `bench-u${member}/list_${1600000000000 + (member === 1 ? o.users : member - 1)}`;
const tenOf = (ids: string[], offset: number) =>
  Array.from({ length: 10 }, (_, p) => ids[(offset + p) % ids.length]!);

const KINDS: Kind[] = [
  { name: "read: browse, newest", weight: 22, write: false, make: (m, o) => get("/api/browse", m, o) },
  {
    name: "read: browse, a page 2-50",
    weight: 10,
    write: false,
    make: (m, o) => get(`/api/browse?page=${2 + Math.floor(Math.random() * 49)}`, m, o),
  },
  {
    name: "read: browse, a search",
    weight: 8,
    write: false,
    make: (m, o) => get(`/api/browse?q=${pick(["villains", "heroes", "best", "blindside"])}`, m, o),
  },
  { name: "read: home", weight: 8, write: false, make: (m, o) => get("/api/home", m, o) },
  {
    name: "read: a list page",
    weight: 20,
    write: false,
    make: (m, o) => get(`/api/lists/${someList(o)}`, m, o),
  },
  {
    name: "read: the discussion",
    weight: 6,
    write: false,
    make: (m, o) =>
      get(
        `/api/comments?${new URLSearchParams({ listUserId: o.discussed.userId, listId: o.discussed.listId })}`,
        m,
        o,
      ),
  },
  {
    name: "read: Global Rankings detail",
    weight: 6,
    write: false,
    make: (m, o) => get(`/api/global-rankings/${o.categoryId}`, m, o),
  },
  {
    name: "write: upvote (toggle)",
    weight: 6,
    write: true,
    make: (m, o) => ({ method: "POST", path: `/api/lists/${someList(o)}/upvote`, cookie: o.cookies[m - 1]! }),
  },
  {
    name: "write: favourite (toggle)",
    weight: 5,
    write: true,
    make: (m, o) => ({
      method: "POST",
      path: `/api/lists/${someList(o)}/favorite`,
      cookie: o.cookies[m - 1]!,
    }),
  },
  {
    name: "write: comment",
    weight: 3,
    write: true,
    make: (m, o) => {
      const [listUserId, listId] = someList(o).split("/") as [string, string];
      return {
        method: "POST",
        path: "/api/comments",
        cookie: o.cookies[m - 1]!,
        body: {
          target: { listUserId, listId },
          text: `Benchmark comment ${Math.random().toString(36).slice(2)}`,
        },
      };
    },
  },
  {
    name: "write: Global Rankings vote",
    weight: 3,
    write: true,
    make: (m, o) => ({
      method: "PUT",
      path: `/api/global-rankings/${o.categoryId}/submission`,
      cookie: o.cookies[m - 1]!,
      body: { slots: tenOf(o.castawayIds, Math.floor(Math.random() * o.castawayIds.length)) },
    }),
  },
  {
    name: "write: list save",
    weight: 3,
    write: true,
    make: (m, o) => ({
      method: "PUT",
      path: `/api/lists/${ownList(m, o)}`,
      cookie: o.cookies[m - 1]!,
      body: {
        name: `Saved in the benchmark ${m}`,
        description: "",
        tags: ["strategic"],
        items: tenOf(o.castawayIds, Math.floor(Math.random() * o.castawayIds.length)),
      },
    }),
  },
];

function get(path: string, member: number, o: MixedOptions): Request {
  return { method: "GET", path, cookie: o.cookies[member - 1]! };
}

/** BENCH_MIXED_KINDS=upvote,browse keeps only the kinds whose names hold one of those words: to see what costs. */
const ONLY_KINDS = process.env.BENCH_MIXED_KINDS?.split(",").filter(Boolean) ?? [];
const ACTIVE = KINDS.filter((k) => ONLY_KINDS.length === 0 || ONLY_KINDS.some((w) => k.name.includes(w)));
if (ACTIVE.length === 0) throw new Error(`BENCH_MIXED_KINDS=${process.env.BENCH_MIXED_KINDS} names no kind`);

function chooseKind(): Kind {
  const total = ACTIVE.reduce((s, k) => s + k.weight, 0);
  let r = Math.random() * total;
  for (const kind of ACTIVE) {
    r -= kind.weight;
    if (r < 0) return kind;
  }
  return ACTIVE[0]!;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

const TIMELINE_STEP_MS = 500;

/**
 * BENCH_MIXED_TIMELINE: the run half a second at a time (requests by the time
 * they ended), to tell a tail spread evenly over the run from stalls.
 */
function printTimeline(startedAt: Date, ended: { at: number; ms: number }[]) {
  console.log(`the run by half-seconds, from ${startedAt.toISOString()}:`);
  const steps = new Map<number, number[]>();
  for (const { at, ms } of ended) {
    const step = Math.floor(at / TIMELINE_STEP_MS);
    const times = steps.get(step) ?? [];
    times.push(ms);
    steps.set(step, times);
  }
  for (const [step, t] of [...steps].sort((a, b) => a[0] - b[0])) {
    t.sort((a, b) => a - b);
    console.log(
      `  ${((step * TIMELINE_STEP_MS) / 1000).toFixed(1)} s: ${(t.length * 1000) / TIMELINE_STEP_MS} req/s, ` +
        `p50 ${percentile(t, 0.5).toFixed(1)}, p95 ${percentile(t, 0.95).toFixed(1)}, max ${t.at(-1)!.toFixed(1)} ms`,
    );
  }
}

export async function runMixed(o: MixedOptions): Promise<MixedResult> {
  const base = new URL(o.base);
  const times = new Map<string, number[]>(KINDS.map((k) => [k.name, []]));
  const errors = new Map<string, number>(KINDS.map((k) => [k.name, 0]));
  const statuses = new Map<string, number>();
  const until = Date.now() + o.seconds * 1000;
  const started = performance.now();
  const startedAt = new Date();
  const timeline: { at: number; ms: number }[] | null = process.env.BENCH_MIXED_TIMELINE ? [] : null;

  async function loop(index: number) {
    const connection = new Connection(base, `127.0.0.${2 + (index % 250)}`);
    try {
      while (Date.now() < until) {
        const kind = chooseKind();
        const req = kind.make(someone(o), o);
        const t = performance.now();
        let status = 0;
        try {
          status = await connection.send(req.method, req.path, req.cookie, req.body, o.origin);
        } catch {
          status = 0;
        }
        const end = performance.now();
        times.get(kind.name)!.push(end - t);
        timeline?.push({ at: end - started, ms: end - t });
        if (status < 200 || status >= 300) {
          errors.set(kind.name, errors.get(kind.name)! + 1);
          const key = `${kind.name} ${status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
        }
      }
    } finally {
      connection.close();
    }
  }

  await Promise.all(Array.from({ length: o.connections }, (_, i) => loop(i)));
  const elapsed = (performance.now() - started) / 1000;
  if (timeline) printTimeline(startedAt, timeline);
  if (statuses.size > 0) console.log("mixed workload answers other than 2xx:", Object.fromEntries(statuses));
  const all: number[] = [];
  const kinds = KINDS.map((k) => {
    const t = times.get(k.name)!.sort((a, b) => a - b);
    all.push(...t);
    return {
      kind: k.name,
      write: k.write,
      count: t.length,
      rps: t.length / elapsed,
      p50: percentile(t, 0.5),
      p95: percentile(t, 0.95),
      errors: errors.get(k.name)!,
    };
  });
  all.sort((a, b) => a - b);
  return {
    kinds,
    total: {
      rps: all.length / elapsed,
      p95: percentile(all, 0.95),
      errors: kinds.reduce((s, k) => s + k.errors, 0),
    },
  };
}

/** runMixed on a thread of its own: the load generator does not take the server's CPU. */
export function runMixedInWorker(o: MixedOptions): Promise<MixedResult> {
  return new Promise((resolve, reject) => {
    // The bench runs under tsx; the thread registers it before loading this file
    // (a worker's own `--import tsx` comes too late for its entry module).
    const entry = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(entry, { eval: true, workerData: { mixed: o } });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once(
      "exit",
      (code) => code !== 0 && reject(new Error(`mixed workload worker exited with ${code}`)),
    );
  });
}

if (!isMainThread && (workerData as { mixed?: MixedOptions } | null)?.mixed) {
  const result = await runMixed((workerData as { mixed: MixedOptions }).mixed);
  parentPort!.postMessage(result);
}
