import { mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "#testing/scratch-postgres.ts";
import { call, launchServer, type ServerProcess, signUpMember } from "#testing/server-process.ts";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../db/unavailable.ts";

// Faults a real server process must survive: being killed in the middle of
// writes, and losing its PostgreSQL connection for a while.

const onPostgres = process.env.TEST_DB_KIND === "postgres";
const running = new Set<ServerProcess>();
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const s of running) s.child.kill("SIGKILL");
  for (const c of cleanups.reverse()) await c();
});

async function start(env: Record<string, string>) {
  const s = await launchServer(env);
  running.add(s);
  void s.exited.then(() => running.delete(s));
  return s;
}

async function scratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, prefix);
  cleanups.push(() => scratch.drop());
  return scratch;
}

function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`kill -9 during a write load (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  it("loses no write the server acknowledged", async () => {
    const env: Record<string, string> = { DATA_DIR: tempDir("sr-fault-kill-") };
    if (onPostgres) env.DATABASE_URL = (await scratchDatabase("sr_fault_kill")).url;
    const first = await start(env);
    const members = await Promise.all(
      [0, 1, 2, 3].map((i) => signUpMember(first.url, `load-${i}@example.com`)),
    );

    const lists: { ownerId: string; listId: string; name: string }[] = [];
    const votes: { voter: number; ownerId: string; listId: string }[] = [];
    let inFlight = 0;
    let stop = false;
    const worker = async (me: number) => {
      const { cookie } = members[me]!;
      const voted = new Set<string>();
      for (let n = 0; !stop; n++) {
        inFlight++;
        try {
          const name = `Load ${me}-${n}`;
          const res = await call(first.url, "/api/lists", {
            json: { name, items: ["s1-richard-hatch"] },
            cookie,
          });
          if (res.status === 201) {
            const { list } = (await res.json()) as { list: { id: string; userId: string } };
            lists.push({ ownerId: list.userId, listId: list.id, name });
          }
          const target = lists.find((l) => l.ownerId !== members[me]!.id && !voted.has(l.listId));
          if (target) {
            voted.add(target.listId);
            const vote = await call(first.url, `/api/lists/${target.ownerId}/${target.listId}/upvote`, {
              method: "POST",
              cookie,
            });
            if (vote.status === 200 && ((await vote.json()) as { upvoted: boolean }).upvoted) {
              votes.push({ voter: me, ownerId: target.ownerId, listId: target.listId });
            }
          }
        } catch {
          // The connection was cut by the kill: not acknowledged, so not counted.
        } finally {
          inFlight--;
        }
      }
    };
    const workers = members.map((_, i) => worker(i));
    const deadline = Date.now() + 15_000;
    while (lists.length + votes.length < 40 && Date.now() < deadline) await sleep(50);
    const busyAtKill = inFlight;
    first.child.kill("SIGKILL");
    stop = true;
    expect(await first.exited).toMatchObject({ signal: "SIGKILL" });
    await Promise.all(workers);
    expect(busyAtKill, "requests were in flight when the server was killed").toBeGreaterThan(0);
    expect(lists.length).toBeGreaterThan(4);

    // Each request was logged as one JSON line with its id and route pattern.
    const logged = first
      .stdout()
      .split("\n")
      .filter((l) => l.includes('"msg":"request"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.length).toBeGreaterThan(lists.length);
    expect(logged.find((l) => l.route === "/api/lists/:userId/:listId/upvote")).toMatchObject({
      requestId: expect.stringMatching(/^[\w-]{8,}$/) as unknown,
      method: "POST",
      status: 200,
    });

    const again = await start(env);
    const missing: string[] = [];
    for (const l of lists) {
      const res = await call(again.url, `/api/lists/${l.ownerId}/${l.listId}`);
      const body = res.ok ? ((await res.json()) as { list: { name: string } }) : null;
      if (body?.list.name !== l.name) missing.push(`list ${l.name}: ${res.status}`);
    }
    for (const v of votes) {
      const res = await call(again.url, `/api/lists/${v.ownerId}/${v.listId}`, {
        cookie: members[v.voter]!.cookie,
      });
      const body = res.ok ? ((await res.json()) as { list: { viewer: { upvoted: boolean } } }) : null;
      if (!body?.list.viewer.upvoted)
        missing.push(`upvote of ${v.listId} by member ${v.voter}: ${res.status}`);
    }
    expect(missing, `${lists.length} lists and ${votes.length} upvotes acknowledged`).toEqual([]);
    again.child.kill("SIGTERM");
    await again.exited;
  }, 300_000);
});

/**
 * A TCP relay to PostgreSQL that can be cut (every connection dropped, new
 * ones refused) and restored on the same port, as a network or database
 * outage looks to the app.
 */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((res, rej) => {
      const s = createServer((client) => {
        const upstream = createConnection(target);
        for (const sock of [client, upstream]) {
          sockets.add(sock);
          sock.on("close", () => sockets.delete(sock));
          sock.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      s.once("error", rej);
      s.listen(port, "127.0.0.1", () => {
        const a = s.address();
        port = typeof a === "object" && a ? a.port : port;
        server = s;
        res();
      });
    });
  await listen();
  return {
    port: () => port,
    async cut() {
      const s = server;
      server = null;
      for (const sock of sockets) sock.destroy();
      await new Promise<void>((res) => (s ? s.close(() => res()) : res()));
    },
    restore: listen,
  };
}

describe.skipIf(!onPostgres)("PostgreSQL dropped and restored mid-load", () => {
  it("answers 503 with a clear message while it is down, recovers without a restart, never 500", async () => {
    const scratch = await scratchDatabase("sr_fault_net");
    const real = new URL(scratch.url);
    const proxy = await startProxy({ host: real.hostname, port: Number(real.port || 5432) });
    cleanups.push(() => proxy.cut());
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port());
    const server = await start({ DATA_DIR: tempDir("sr-fault-net-"), DATABASE_URL: viaProxy.toString() });

    const members = await Promise.all([0, 1, 2].map((i) => signUpMember(server.url, `net-${i}@example.com`)));
    const created = await call(server.url, "/api/lists", {
      json: { name: "Shared", items: ["s1-richard-hatch"] },
      cookie: members[0]!.cookie,
    });
    const { list } = (await created.json()) as { list: { id: string; userId: string } };

    type Phase = "before" | "down" | "recovering" | "after";
    let phase: Phase = "before";
    // A request in flight when the phase changed counts as "between": it may see either side.
    const seen: Record<Phase | "between", number[]> = {
      before: [],
      down: [],
      recovering: [],
      after: [],
      between: [],
    };
    const messages = new Set<string>();
    const dropped: string[] = [];
    let stop = false;
    const requests = [
      (m: number) => call(server.url, `/api/lists/${list.userId}/${list.id}`, { cookie: members[m]!.cookie }),
      (m: number) =>
        call(server.url, "/api/lists", { json: { name: `During ${m}` }, cookie: members[m]!.cookie }),
      (m: number) =>
        call(server.url, `/api/lists/${list.userId}/${list.id}/favorite`, {
          method: "POST",
          cookie: members[m]!.cookie,
        }),
      () => call(server.url, "/api/browse"),
      () => call(server.url, "/api/health"),
    ];
    const worker = async (m: number) => {
      for (let n = m; !stop; n++) {
        const started = phase;
        let res: Response;
        try {
          res = await requests[n % requests.length]!(m);
        } catch (e) {
          // No answer at all: the server dropped the connection, or died.
          dropped.push(`${started}: ${String((e as Error).cause ?? e)}`);
          await sleep(100);
          continue;
        }
        const during = phase === started ? started : "between";
        seen[during].push(res.status);
        if (res.status === 503 && during === "down") {
          const body = (await res.json()) as { error?: { message: string }; status?: string };
          messages.add(body.error?.message ?? `health: ${body.status}`);
        } else {
          await res.body?.cancel();
        }
        await sleep(20);
      }
    };
    const workers = members.map((_, m) => worker(m));
    await sleep(1_500);
    await proxy.cut();
    phase = "down";
    await sleep(3_000);
    await proxy.restore();
    phase = "recovering";
    // Give the pool a moment to notice; requests meanwhile may still see the outage.
    await sleep(1_000);
    phase = "after";
    await sleep(3_000);
    stop = true;
    await Promise.all(workers);

    expect(server.child.exitCode, server.stderr().slice(0, 3000)).toBeNull();
    expect(dropped, "requests that got no answer").toEqual([]);
    const all = Object.values(seen).flat();
    expect(
      all.filter((s) => s >= 500 && s !== 503),
      "server errors other than 503",
    ).toEqual([]);
    expect(
      seen.before.filter((s) => s >= 400 && s !== 429),
      "before the outage",
    ).toEqual([]);
    expect(seen.down.length).toBeGreaterThan(0);
    // Reads the app keeps in memory (browse) may still answer; everything else is a 503.
    expect(seen.down.filter((s) => s !== 503 && s !== 200)).toEqual([]);
    expect(seen.down.filter((s) => s === 503).length).toBeGreaterThan(seen.down.length / 2);
    expect([...messages]).toContain(DATABASE_UNAVAILABLE_MESSAGE);
    // Recovered: answers again (a 429 from a write limit is an answer too).
    expect(seen.after.length).toBeGreaterThan(0);
    expect(
      seen.after.filter((s) => s >= 500 || (s >= 400 && s !== 429)),
      "after the outage",
    ).toEqual([]);
    expect(server.child.exitCode, server.stderr().slice(0, 2000)).toBeNull();
    // Failed queries carry their parameters; none of them may reach the log.
    const logs = server.stdout() + server.stderr();
    for (const { cookie } of members) {
      const token = /session_token=([^.;]+)/.exec(cookie)![1]!;
      expect(logs).not.toContain(token);
    }
    // The outage is in the log, one line per refused request, with its request id.
    expect(server.stderr()).toMatch(/"msg":"database unavailable","requestId":"[\w-]+"/);
  }, 300_000);
});
