/**
 * Live notifications under load (`npm run bench`, scenario "live: ..."):
 * `streams` members hold their event stream open (GET /api/events, as every
 * signed-in tab does) while the mixed workload runs, and a writer comments on
 * one of their lists every so often; the time from sending the comment to
 * that member's stream delivering its "notifications" event is the latency,
 * reported apart for commenters already connected and for those whose
 * comment is their first request (StreamBenchResult).
 * The streams may be held on another server process than the one the
 * comments go to (PostgreSQL: the event crosses by NOTIFY).
 *
 * Each stream names the topics of the page it is on, as a browser does
 * (src/shared/live-topics.ts): most are on a list page (that list's
 * discussion, and the consensus its closeness is measured against), some on
 * Global Rankings, the home page or the consensus. The mixed workload's
 * comments and votes thus reach the few streams on their page.
 *
 * A member's stream also rings for the mixed workload's own writes on their
 * lists; over a wait of milliseconds that is rare (each of 2,000 members is
 * touched about once a minute), and it could only make a latency look
 * shorter.
 */
import http from "node:http";
import { discussionTopic } from "#shared/live-topics.ts";

export interface StreamBenchOptions {
  /** The server the streams are held on. */
  streamBase: string;
  /** The server the comments are sent to (the same, or another process). */
  writeBase: string;
  /** Cookies of seeded members; member k (bench-u{k}) is index k - 1. */
  cookies: string[];
  /** Members 1..streams hold a stream each. */
  streams: number;
  /** Seeded members: member k owns list k - 1 (member 1 owns list `users`). */
  users: number;
  /** Seeded lists, list i (from 1) owned by member 1 + i % users. */
  lists: number;
  /** The Global Rankings category the mixed workload votes and comments in. */
  categoryId: string;
  seconds: number;
  /** Comments sent a second, each by another member. */
  writesPerSecond: number;
}

/** The latencies of one kind of commenter. */
export interface DeliveryTimes {
  writes: number;
  delivered: number;
  /** From sending the comment to the stream's event, ms. */
  p50: number;
  p95: number;
  max: number;
  /** From the comment's answer to the stream's event, ms (negative when the event came first). */
  afterAnswerP95: number;
  /** From sending the comment to its answer, ms. */
  answerP50: number;
  answerP95: number;
  writeErrors: number;
}

/**
 * Half the commenters are members already on the site, whose browser holds a
 * kept-alive connection from their earlier requests (warmed before the run);
 * the other half send their comment as their first request, on a new
 * connection, which under full load waits to be accepted (docs/performance.md,
 * "New connections under load").
 */
export interface StreamBenchResult {
  opened: number;
  connected: DeliveryTimes;
  firstRequest: DeliveryTimes;
}

interface HeldStream {
  waiting: ((at: number) => void) | null;
  close: () => void;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Loopback addresses of 40 streams each: the server lets one address hold 50. */
const streamAddress = (i: number) => `127.1.${Math.floor(i / 40) % 250}.${1 + (i % 40)}`;

/** The topics of the page stream `index` is on: 6 in 10 on a list, 2 on Global Rankings, 1 home, 1 consensus. */
function pageTopics(index: number, o: StreamBenchOptions): string[] {
  const page = index % 10;
  if (page < 6) {
    const i = 1 + Math.floor(Math.random() * o.lists);
    return [
      discussionTopic({ listUserId: `bench-u${1 + (i % o.users)}`, listId: `list_${1600000000000 + i}` }),
      "consensus",
    ];
  }
  if (page < 8) return [discussionTopic({ categoryId: o.categoryId }), "global-rankings", "consensus"];
  return page === 8 ? ["reference-lists"] : ["consensus"];
}

function holdStream(base: URL, cookie: string, index: number, topics: string[]): Promise<HeldStream> {
  return new Promise((resolve, reject) => {
    const held: HeldStream = { waiting: null, close: () => {} };
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: `/api/events?${topics.map((t) => `topic=${encodeURIComponent(t)}`).join("&")}`,
        headers: { cookie, accept: "text/event-stream" },
        localAddress: streamAddress(index),
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`stream ${index}: ${res.statusCode}`));
        }
        res.setEncoding("utf8");
        let buffer = "";
        let ready = false;
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!ready && message.includes("event: ready")) {
              ready = true;
              resolve(held);
            } else if (message.includes("event: notifications") && held.waiting) {
              const wake = held.waiting;
              held.waiting = null;
              wake(performance.now());
            }
          }
        });
        res.on("error", () => {});
      },
    );
    req.on("error", reject);
    held.close = () => req.destroy();
    req.end();
  });
}

/** Commenter `who`'s loopback address. */
const commenterAddress = (who: number) => `127.2.${Math.floor(who / 200) % 250}.${1 + (who % 200)}`;

/** Even commenters are members already on the site (see StreamBenchResult). */
const isConnected = (who: number) => who % 2 === 0;

/**
 * Opens a kept-alive connection for every commenter who is already on the
 * site, by a request a page makes (their notifications), a hundred at a time.
 */
export async function connectCommenters(o: StreamBenchOptions): Promise<Map<number, http.Agent>> {
  const agents = new Map<number, http.Agent>();
  const base = new URL(o.writeBase);
  const last = Math.min(o.cookies.length, o.streams + Math.ceil(o.seconds * o.writesPerSecond) + 1);
  const connected: number[] = [];
  for (let who = o.streams + 1; who <= last; who++) if (isConnected(who)) connected.push(who);
  for (let from = 0; from < connected.length; from += 100) {
    await Promise.all(
      connected.slice(from, from + 100).map(async (who) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: commenterAddress(who) });
        agents.set(who, agent);
        await new Promise<void>((resolve, reject) => {
          const req = http.get(
            {
              host: base.hostname,
              port: base.port,
              path: "/api/notifications",
              agent,
              headers: { cookie: o.cookies[who - 1]! },
            },
            (res) => {
              res.resume();
              res.once("end", () =>
                res.statusCode === 200 ? resolve() : reject(new Error(`commenter ${who}: ${res.statusCode}`)),
              );
            },
          );
          req.on("error", reject);
        });
      }),
    );
  }
  return agents;
}

export function disconnectCommenters(agents: Map<number, http.Agent>) {
  for (const agent of agents.values()) agent.destroy();
}

function postComment(
  base: URL,
  cookie: string,
  address: string,
  target: { listUserId: string; listId: string },
  agent: http.Agent | false,
): Promise<number> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ target, text: `Live bench ${Math.random().toString(36).slice(2)}` });
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: "POST",
        path: "/api/comments",
        localAddress: address,
        agent,
        headers: {
          cookie,
          origin: base.origin,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.once("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

/** Opens the streams; `opened` resolves once every one has said "ready". */
export async function openStreams(o: StreamBenchOptions): Promise<HeldStream[]> {
  const base = new URL(o.streamBase);
  const held: HeldStream[] = [];
  // A hundred at a time: the server's accept queue is not the thing measured.
  for (let from = 0; from < o.streams; from += 100) {
    const batch = Array.from({ length: Math.min(100, o.streams - from) }, (_, j) =>
      holdStream(base, o.cookies[from + j]!, from + j, pageTopics(from + j, o)),
    );
    held.push(...(await Promise.all(batch)));
  }
  return held;
}

interface Samples {
  latencies: number[];
  afterAnswer: number[];
  answers: number[];
  writes: number;
  writeErrors: number;
}

function summary(s: Samples): DeliveryTimes {
  for (const list of [s.latencies, s.afterAnswer, s.answers]) list.sort((a, b) => a - b);
  return {
    writes: s.writes,
    delivered: s.latencies.length,
    p50: percentile(s.latencies, 0.5),
    p95: percentile(s.latencies, 0.95),
    max: s.latencies.at(-1) ?? 0,
    afterAnswerP95: percentile(s.afterAnswer, 0.95),
    answerP50: percentile(s.answers, 0.5),
    answerP95: percentile(s.answers, 0.95),
    writeErrors: s.writeErrors,
  };
}

/** Comments on stream holders' lists for `seconds`, timing each to its Inbox event. */
export async function measureDeliveries(
  o: StreamBenchOptions,
  held: HeldStream[],
  agents: Map<number, http.Agent>,
): Promise<StreamBenchResult> {
  const writeBase = new URL(o.writeBase);
  const empty = (): Samples => ({ latencies: [], afterAnswer: [], answers: [], writes: 0, writeErrors: 0 });
  const connected = empty();
  const firstRequest = empty();
  const until = Date.now() + o.seconds * 1000;
  const pending: Promise<void>[] = [];
  // Commenters are the members after the stream holders, each once.
  let commenter = o.streams + 1;
  while (Date.now() < until && commenter <= o.cookies.length) {
    const k = 1 + Math.floor(Math.random() * o.streams);
    const stream = held[k - 1]!;
    if (stream.waiting) {
      // Not a busy loop: with few streams, all may be waiting at once.
      await new Promise((r) => setImmediate(r));
      continue;
    }
    const listId = `list_${1600000000000 + (k === 1 ? o.users : k - 1)}`;
    const who = commenter++;
    const samples = isConnected(who) ? connected : firstRequest;
    samples.writes++;
    pending.push(
      (async () => {
        const sent = performance.now();
        const delivered = new Promise<number | null>((resolve) => {
          stream.waiting = resolve;
          setTimeout(() => {
            if (stream.waiting === resolve) stream.waiting = null;
            resolve(null);
          }, 5_000);
        });
        const status = await postComment(
          writeBase,
          o.cookies[who - 1]!,
          commenterAddress(who),
          { listUserId: `bench-u${k}`, listId },
          agents.get(who) ?? false,
        );
        const answered = performance.now();
        samples.answers.push(answered - sent);
        if (status !== 201 && status !== 200) samples.writeErrors++;
        const at = await delivered;
        if (at !== null) {
          samples.latencies.push(at - sent);
          samples.afterAnswer.push(at - answered);
        }
      })(),
    );
    await new Promise((r) => setTimeout(r, 1000 / o.writesPerSecond));
  }
  await Promise.all(pending);
  return { opened: held.length, connected: summary(connected), firstRequest: summary(firstRequest) };
}

export function closeStreams(held: HeldStream[]) {
  for (const s of held) s.close();
}
