import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase, type ScratchDatabase } from "#testing/scratch-postgres.ts";
import { call, launchServer, type ServerProcess, signUpMember } from "#testing/server-process.ts";
import { LIST_CREATE_LIMIT } from "./modules/lists/lists.routes.ts";

// Two real server processes on one PostgreSQL database, as the README's
// "Running several processes" runs them: what one process does, the other
// shows within a second (docs/decisions/011-multiple-processes.md).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL) && process.env.TEST_DB_KIND === "postgres";
/** The promise: a change through one process is visible through the other within this. */
const CONSISTENT_WITHIN_MS = 1000;

interface ConsensusRow {
  id: string;
  ballots: number;
}

interface Card {
  id: string;
  userId: string;
  upvoteCount: number;
  viewer?: { upvoted: boolean };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function json<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

/** Polls `check` until it holds; resolves with the milliseconds it took (or throws after `giveUpMs`). */
async function timeUntil(check: () => Promise<boolean>, giveUpMs = 5000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > giveUpMs) throw new Error(`still not seen after ${giveUpMs} ms`);
    await sleep(20);
  }
}

describe.skipIf(!onPostgres)("two server processes on one PostgreSQL database", () => {
  let scratch: ScratchDatabase;
  let dir: string;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "sr_multi");
    // One DATA_DIR, as two processes on one machine share it (and its generated auth secret).
    dir = mkdtempSync(join(tmpdir(), "sr-multi-"));
    // The consensus is recomputed 200 ms after a change instead of 5 s.
    const env = { DATABASE_URL: scratch.url, DATA_DIR: dir, CONSENSUS_REFRESH_MS: "200" };
    // Generous: a start migrates and seeds, slow on a busy machine.
    [a, b] = await Promise.all([launchServer(env, 240_000), launchServer(env, 240_000)]);
  }, 300_000);

  afterAll(async () => {
    for (const s of [a, b]) s?.child.kill("SIGKILL");
    await Promise.all([a, b].map((s) => s?.exited));
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("shows an upvote made on B in A's browse, home and list answers within a second", async () => {
    const owner = await signUpMember(a.url, "owner@example.com");
    const fan = await signUpMember(b.url, "fan@example.com");
    const created = await call(a.url, "/api/lists", {
      json: { name: "Across processes", items: ["s1"] },
      cookie: owner.cookie,
    });
    expect(created.status).toBe(201);
    const { list } = (await created.json()) as { list: { id: string; userId: string } };
    const mine = (cards: Card[]) => cards.find((c) => c.id === list.id && c.userId === list.userId);

    // Every answer A gives about the list, as a visitor and as the fan (whose flag is the overlay).
    const readA = async () => {
      const [visitorBrowse, fanBrowse, home, detail] = await Promise.all([
        call(a.url, "/api/browse?sort=mostVotes").then((r) => json<{ lists: Card[] }>(r)),
        call(a.url, "/api/browse?sort=mostVotes", { cookie: fan.cookie }).then((r) =>
          json<{ lists: Card[] }>(r),
        ),
        call(a.url, "/api/home").then((r) => json<{ topWeek: Card[]; recent: Card[] }>(r)),
        call(a.url, `/api/lists/${list.userId}/${list.id}`).then((r) => json<{ list: Card }>(r)),
      ]);
      return {
        visitorBrowse: mine(visitorBrowse.lists)?.upvoteCount,
        fanBrowse: mine(fanBrowse.lists)?.upvoteCount,
        fanFlag: mine(fanBrowse.lists)?.viewer?.upvoted,
        homeTop: mine(home.topWeek)?.upvoteCount,
        homeRecent: mine(home.recent)?.upvoteCount,
        detail: detail.list.upvoteCount,
      };
    };
    const before = { visitorBrowse: 0, fanBrowse: 0, fanFlag: false, homeTop: 0, homeRecent: 0, detail: 0 };
    const after = { visitorBrowse: 1, fanBrowse: 1, fanFlag: true, homeTop: 1, homeRecent: 1, detail: 1 };

    // A has its shared pages cached (for about 2 s) just before the vote.
    expect(await readA()).toEqual(before);
    const vote = await call(b.url, `/api/lists/${list.userId}/${list.id}/upvote`, {
      json: {},
      cookie: fan.cookie,
    });
    expect(vote.status).toBe(200);
    let last: Awaited<ReturnType<typeof readA>> = before;
    const took = await timeUntil(async () => {
      last = await readA();
      return JSON.stringify(last) === JSON.stringify(after);
    }).catch((e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(last)}`);
    });
    expect(took).toBeLessThan(CONSISTENT_WITHIN_MS);

    // And back: the vote withdrawn on B is gone from A as quickly.
    const undo = await call(b.url, `/api/lists/${list.userId}/${list.id}/upvote`, {
      json: {},
      cookie: fan.cookie,
    });
    expect(((await undo.json()) as { upvoted: boolean }).upvoted).toBe(false);
    const tookBack = await timeUntil(async () => JSON.stringify(await readA()) === JSON.stringify(before));
    expect(tookBack).toBeLessThan(CONSISTENT_WITHIN_MS);
  }, 120_000);

  it("shows a comment posted on A in B's cached discussion within a second", async () => {
    const owner = await signUpMember(a.url, "talker@example.com");
    const created = await call(a.url, "/api/lists", { json: { name: "Talked about" }, cookie: owner.cookie });
    const { list } = (await created.json()) as { list: { id: string; userId: string } };
    const target = { listUserId: list.userId, listId: list.id };
    const countOnB = async () =>
      (
        await json<{ count: number }>(
          await call(b.url, `/api/comments?listUserId=${list.userId}&listId=${list.id}`),
        )
      ).count;
    // B shares one copy of the discussion between readers for about 2 s.
    expect(await countOnB()).toBe(0);
    const posted = await call(a.url, "/api/comments", {
      json: { target, text: "Seen from the other process?" },
      cookie: owner.cookie,
    });
    expect(posted.status, await posted.clone().text()).toBe(201);
    expect(await timeUntil(async () => (await countOnB()) === 1)).toBeLessThan(CONSISTENT_WITHIN_MS);
  }, 60_000);

  it("refuses on B, within a second, a session signed out on A", async () => {
    const member = await signUpMember(a.url, "leaver@example.com");
    const profileOnB = () => call(b.url, "/api/me/profile", { cookie: member.cookie });
    // B has looked the session up, so it holds it in its one-second memory.
    expect((await profileOnB()).status).toBe(200);
    expect((await call(a.url, "/api/auth/sign-out", { json: {}, cookie: member.cookie })).status).toBe(200);
    const took = await timeUntil(async () => (await profileOnB()).status === 401);
    expect(took).toBeLessThan(CONSISTENT_WITHIN_MS);
    const session = await call(b.url, "/api/auth/get-session", { cookie: member.cookie });
    expect(await session.json()).toBeNull();
  }, 60_000);

  it("counts a rate limit across both processes", async () => {
    const member = await signUpMember(b.url, "maker@example.com");
    const create = (s: ServerProcess, n: number) =>
      call(s.url, "/api/lists", { json: { name: `List ${n}` }, cookie: member.cookie });
    // The limit, spread over the two processes: each alone would allow it twice.
    for (let n = 0; n < LIST_CREATE_LIMIT.max; n++) {
      expect((await create(n % 2 ? b : a, n)).status, `creation ${n + 1}`).toBe(201);
    }
    expect((await create(a, LIST_CREATE_LIMIT.max)).status).toBe(429);
    expect((await create(b, LIST_CREATE_LIMIT.max + 1)).status).toBe(429);
  }, 120_000);
  // Last: it stops the process that computes the consensus.
  it("one process computes the consensus, both serve it, and the other takes over when it stops", async () => {
    const computes = (s: ServerProcess) =>
      s.stdout().includes("this process computes the community consensus");
    await timeUntil(async () => computes(a) || computes(b), 30_000);
    await sleep(500);
    expect([computes(a), computes(b)].filter(Boolean)).toHaveLength(1);
    const [leader, follower] = computes(a) ? [a, b] : [b, a];
    // How many ballots rank a season, as a process serves it. Each list here
    // ranks seasons no other list in this file ranks, so the count is its own
    // whatever the earlier tests' lists have reached by now.
    const ballotsOf = async (s: ServerProcess, season: string) => {
      const all = await json<{ ranked: ConsensusRow[]; unranked: ConsensusRow[] }>(
        await call(s.url, "/api/consensus/seasons/all"),
      );
      return [...all.ranked, ...all.unranked].find((r) => r.id === season)?.ballots ?? 0;
    };
    const refreshes = (s: ServerProcess) =>
      s
        .stdout()
        .split("\n")
        .filter((line) => line.includes("consensus:"))
        .join("\n");
    const counted = (s: ServerProcess, season: string) =>
      timeUntil(async () => (await ballotsOf(s, season)) === 1, 60_000).catch((e: Error) => {
        const logs = [leader, follower].map((p) => `${p.url}:\n${refreshes(p)}`).join("\n");
        throw new Error(`${season} on ${s.url}: ${e.message}\n${logs}`);
      });

    // A list saved through the process that does not compute counts, on both, well within a minute.
    const member = await signUpMember(follower.url, "consensus@example.com");
    const created = await call(follower.url, "/api/lists", {
      json: { name: "Counted", items: ["s20", "s28", "s40"] },
      cookie: member.cookie,
    });
    expect(created.status).toBe(201);
    await counted(leader, "s40");
    await counted(follower, "s40");

    // The computing process stops; the other takes the lock and keeps the consensus live.
    leader.child.kill("SIGKILL");
    await leader.exited;
    await timeUntil(async () => computes(follower), 60_000);
    const second = await call(follower.url, "/api/lists", {
      json: { name: "Counted too", items: ["s7", "s8", "s9"] },
      cookie: member.cookie,
    });
    expect(second.status).toBe(201);
    await counted(follower, "s9");
  }, 240_000);
});
