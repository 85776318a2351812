import { and, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { CategoryDetailDto } from "#server/api-types.ts";
import { castaways, consensusResults, listItems, lists, submissions, user } from "#server/db/schema/index.ts";
import { rankingOf } from "../lists/lists.service.ts";
import type { ConsensusSlice, ListCloseness } from "#shared/consensus.ts";
import { GLOBAL_SLOTS } from "#shared/global-rankings.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { SeededRandom } from "./model/random.ts";
import { sampleTopK, spreadStrengths } from "./model/synthetic.ts";

// The consensus through the whole server: lists in the database, the refresh
// (read, worker thread, stored results), the API. The model's own
// properties are tested in model/; these check that what reaches a page is
// what the model says of what the database holds (docs/product.md,
// "Community Consensus"). Runs on PGlite, and on PostgreSQL in the postgres
// project.

// Refreshed by the tests themselves (refreshNow), not by timers.
const t = await createTestApp({
  users: ["owner@example.com", "other@example.com"],
  consensus: { debounceMs: 3_600_000, retryMs: 3_600_000 },
});
const [owner, other] = t.users;
afterAll(() => t.close());

const SEASONS = Array.from({ length: 50 }, (_, i) => `s${i + 1}`);

/** Members and their lists straight into the database (thousands: the API's rate limits would take minutes). */
async function insertLists(
  app: TestApp,
  prefix: string,
  rankings: { member: number; items: string[]; kind?: "seasons" | "castaways"; isPublic?: boolean }[],
) {
  const { db } = app.database;
  const members = [...new Set(rankings.map((r) => r.member))];
  for (let i = 0; i < members.length; i += 1000) {
    await db
      .insert(user)
      .values(
        members.slice(i, i + 1000).map((m) => ({
          id: `${prefix}-${m}`,
          name: `${prefix} ${m}`,
          email: `${prefix}-${m}@example.com`,
        })),
      )
      .onConflictDoNothing();
  }
  const rows = rankings.map((r, l) => ({
    userId: `${prefix}-${r.member}`,
    id: `list_${prefix}_${l}`,
    name: `List ${l}`,
    kind: r.kind ?? ("seasons" as const),
    isPublic: r.isPublic ?? true,
    itemCount: r.items.length,
    ranking: rankingOf(r.items),
  }));
  for (let i = 0; i < rows.length; i += 1000) await db.insert(lists).values(rows.slice(i, i + 1000));
  const entries = rankings.flatMap((r, l) =>
    r.items.map((itemId, position) => ({
      userId: `${prefix}-${r.member}`,
      listId: `list_${prefix}_${l}`,
      position,
      itemId,
    })),
  );
  for (let i = 0; i < entries.length; i += 5000)
    await db.insert(listItems).values(entries.slice(i, i + 5000));
}

async function removeMembers(app: TestApp, prefix: string) {
  const { db } = app.database;
  const ids = (await db.select({ id: user.id }).from(user))
    .map((u) => u.id)
    .filter((id) => id.startsWith(`${prefix}-`));
  for (let i = 0; i < ids.length; i += 1000)
    await db.delete(user).where(inArray(user.id, ids.slice(i, i + 1000)));
}

const castOf = async (seasonId: string) =>
  (await t.database.db.select({ id: castaways.id }).from(castaways).where(eq(castaways.seasonId, seasonId)))
    .map((c) => c.id)
    .sort();

const slice = async (app: TestApp, path: string, cookie?: string) => {
  const res = await app.request(`/api/consensus/${path}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as ConsensusSlice;
};

/** Kendall's tau between two orders of the same ids. */
function kendallTau(a: string[], b: string[]): number {
  const pos = new Map(b.map((id, i) => [id, i]));
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      if (pos.get(a[i]!)! < pos.get(a[j]!)!) concordant++;
      else discordant++;
    }
  }
  return (concordant - discordant) / (concordant + discordant);
}

describe("Community Consensus, through the server", () => {
  it("answers an empty consensus before the first refresh, and 404 for slices that do not exist", async () => {
    // An app that never computes (this file's own computes once as it starts).
    const fresh = await createTestApp();
    try {
      const empty = await slice(fresh, "seasons/all");
      expect(empty).toMatchObject({ computedAt: null, ranked: [], title: "All seasons", minBallots: 5 });
    } finally {
      await fresh.close();
    }
    for (const path of [
      "seasons/1-21",
      "castaways/season-99",
      "castaways/season-0",
      "people/all",
      "seasons/x".repeat(9),
    ]) {
      expect((await t.request(`/api/consensus/${path}`)).status, path).toBe(404);
    }
    expect((await t.request("/api/consensus/seasons/all?rows=some")).status).toBe(400);
  });

  it("recovers a known order: 10,000 ballots of 3 to 20 seasons drawn from Plackett–Luce", async () => {
    // Strengths spread as in the model's own test; season s(i+1) has the i-th strength, shuffled.
    const random = new SeededRandom(7);
    const theta = spreadStrengths(50, 1);
    const truthOrder = [...SEASONS];
    for (let i = truthOrder.length - 1; i > 0; i--) {
      const j = random.below(i + 1);
      [truthOrder[i], truthOrder[j]] = [truthOrder[j]!, truthOrder[i]!];
    }
    const logStrength = Float64Array.from(SEASONS, (id) => theta[truthOrder.indexOf(id)]!);
    const out = new Int32Array(20);
    const rankings = Array.from({ length: 10_000 }, (_, member) => {
      const k = 3 + random.below(18);
      sampleTopK(logStrength, k, random, undefined, out);
      return { member, items: Array.from(out.subarray(0, k), (i) => SEASONS[i]!) };
    });
    await insertLists(t, "pl", rankings);
    const figures = await t.app.deps.consensus!.refreshNow();
    expect(figures?.lists).toBe(10_000);

    const all = await slice(t, "seasons/all");
    expect(all.ballotCount).toBe(10_000);
    expect(all.ranked).toHaveLength(50);
    expect(all.rankedCount).toBe(50);
    const recovered = all.ranked.map((r) => r.id);
    expect(kendallTau(recovered, truthOrder)).toBeGreaterThanOrEqual(0.9);
    const covered = all.ranked.filter((r) => {
      const truth = truthOrder.indexOf(r.id) + 1;
      return r.low <= truth && truth <= r.high;
    });
    expect(covered.length / 50).toBeGreaterThanOrEqual(0.85);
    for (const r of all.ranked) expect(r.low <= r.rank && r.rank <= r.high).toBe(true);
    // The era slices are fitted from the same lists, restricted.
    const newEra = await slice(t, "seasons/41-on");
    expect(newEra.ranked.map((r) => r.id).every((id) => Number(id.slice(1)) >= 41)).toBe(true);
    expect(newEra.title).toBe("Seasons 41 and later");
    expect(all.divisive.length).toBeGreaterThan(0);
    expect(all.computedAt).not.toBeNull();
  }, 120_000);

  it("one member, one voice: 500 identical lists move nothing more than one list does", async () => {
    await removeMembers(t, "pl");
    // A community that mildly prefers the low seasons; one member loves the last three.
    const base = Array.from({ length: 300 }, (_, member) => ({
      member,
      items: SEASONS.slice(member % 10, (member % 10) + 10),
    }));
    await insertLists(t, "base", base);
    const fan = ["s50", "s49", "s48"];
    await insertLists(t, "fan", [{ member: 0, items: fan }]);
    await t.app.deps.consensus!.refreshNow();
    const once = await slice(t, "seasons/all");
    await removeMembers(t, "fan");
    await insertLists(
      t,
      "fan",
      Array.from({ length: 500 }, () => ({ member: 0, items: fan })),
    );
    await t.app.deps.consensus!.refreshNow();
    const fiveHundred = await slice(t, "seasons/all");
    const strip = (s: ConsensusSlice) => ({ ranked: s.ranked, unranked: s.unranked, ballots: s.ballotCount });
    expect(strip(fiveHundred)).toEqual(strip(once));
    expect(fiveHundred.ballotCount).toBe(301);
  }, 60_000);

  it("a deleted list leaves the consensus", async () => {
    const [fanList] = await t.database.db.select().from(lists).where(eq(lists.userId, "fan-0")).limit(1);
    await t.database.db.delete(lists).where(eq(lists.userId, "fan-0"));
    await t.app.deps.consensus!.refreshNow();
    const after = await slice(t, "seasons/all");
    expect(after.ballotCount).toBe(300);
    expect(fanList).toBeDefined();
    // s50 was only ever on the fan's lists.
    expect([...after.ranked, ...after.unranked].some((r) => r.id === "s50")).toBe(false);
  });

  it("private lists do not count", async () => {
    await insertLists(t, "secret", [{ member: 0, items: ["s50", "s49", "s48"], isPublic: false }]);
    await t.app.deps.consensus!.refreshNow();
    expect((await slice(t, "seasons/all")).ballotCount).toBe(300);
  });

  it("castaway slices: every castaway, and each season's cast, named and pictured", async () => {
    const ids = await castOf("s20");
    expect(ids.length).toBeGreaterThan(10);
    await insertLists(
      t,
      "hvv",
      Array.from({ length: 12 }, (_, member) => ({
        member,
        kind: "castaways" as const,
        items: member % 2 ? ids.slice(0, 8) : [ids[1]!, ids[0]!, ...ids.slice(2, 8)],
      })),
    );
    await t.app.deps.consensus!.refreshNow();
    const season = await slice(t, "castaways/season-20");
    expect(season.title).toContain("Heroes vs. Villains");
    expect(
      season.ranked
        .slice(0, 2)
        .map((r) => r.id)
        .sort(),
    ).toEqual([ids[0], ids[1]].sort());
    expect(season.ranked[0]).toMatchObject({
      seasonName: season.title,
      ballots: 12,
      seasonNumber: 20,
    });
    expect(season.ranked[0]!.imageUrl).toBe(`/media/headshots/${season.ranked[0]!.id}`);
    const overall = await slice(t, "castaways/all");
    expect(overall.ranked.length).toBe(8);
    expect(overall.unranked).toEqual([]);
  });

  it("fits again only the slices whose ballots changed, and stores the others as computed now", async () => {
    const consensus = t.app.deps.consensus!;
    // As the timer refreshes: only the members the events name are read again.
    const asTheTimerWould = () => consensus.refreshNow({ changesOnly: true });
    const full = await consensus.refreshNow();
    expect(full!.slicesFitted).toBe(full!.slices);
    expect((await asTheTimerWould())!.slicesFitted).toBe(0);
    const seasonsBefore = await slice(t, "seasons/all");

    // One more member ranks part of Heroes vs. Villains' cast: that season's slice and every castaway's.
    const ids = await castOf("s20");
    await insertLists(t, "hvv2", [{ member: 0, kind: "castaways", items: ids.slice(2, 6) }]);
    await t.store.events.emit("list-saved", { ownerId: "hvv2-0", listId: "list_hvv2_0", created: true });
    expect(await asTheTimerWould()).toMatchObject({ slicesFitted: 2, slices: full!.slices });
    expect((await slice(t, "castaways/season-20")).ballotCount).toBe(13);
    expect((await slice(t, "castaways/all")).ballotCount).toBe(13);
    const seasonsAfter = await slice(t, "seasons/all");
    expect(seasonsAfter.ranked).toEqual(seasonsBefore.ranked);
    expect(Date.parse(seasonsAfter.computedAt!)).toBeGreaterThan(Date.parse(seasonsBefore.computedAt!));

    await removeMembers(t, "hvv2");
    await t.store.events.emit("list-deleted", { ownerId: "hvv2-0", listId: "list_hvv2_0" });
    expect((await asTheTimerWould())!.slicesFitted).toBe(2);
    expect((await slice(t, "castaways/season-20")).ballotCount).toBe(12);

    // A stored result gone: that refresh fails, and the next fits everything.
    await t.database.db.delete(consensusResults).where(eq(consensusResults.key, "seasons:1-20"));
    expect(await asTheTimerWould()).toBeNull();
    expect((await asTheTimerWould())!.slicesFitted).toBe(full!.slices);
    expect((await slice(t, "seasons/1-20")).computedAt).not.toBeNull();
  });
});

describe("how close a list is to the community", () => {
  it("compares with the consensus of the list's kind; only the owner gets the hottest take", async () => {
    const res = await t.request("/api/lists", {
      method: "POST",
      cookie: owner!.cookie,
      json: { name: "Upside down", items: [...SEASONS.slice(0, 10)].reverse() },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = ((await res.json()) as { list: { id: string } }).list;
    await t.app.deps.consensus!.refreshNow();
    const read = async (cookie?: string) => {
      const r = await t.request(`/api/consensus/lists/${owner!.id}/${id}`, { cookie });
      expect(r.status).toBe(200);
      return (await r.json()) as ListCloseness;
    };
    const mine = await read(owner!.cookie);
    expect(mine.kind).toBe("seasons");
    expect(mine.closeness).toBeGreaterThan(0);
    expect(mine.closeness).toBeLessThan(1);
    const consensus = await slice(t, "seasons/all");
    const rankOf = new Map(consensus.ranked.map((r) => [r.id, r.rank]));
    const furthest = Math.max(
      ...[...SEASONS.slice(0, 10)].reverse().map((s, i) => Math.abs((rankOf.get(s) ?? 0) - (i + 1))),
    );
    expect(mine.hottestTake).not.toBeNull();
    expect(Math.abs(mine.hottestTake!.communityRank - mine.hottestTake!.listRank)).toBe(furthest);
    expect((await read(other!.cookie)).hottestTake).toBeNull();
    expect((await read()).closeness).toBe(mine.closeness);
    // The community's own order is 100 %.
    const top = consensus.ranked.slice(0, 5).map((r) => r.id);
    const same = await t.request("/api/lists", {
      method: "POST",
      cookie: other!.cookie,
      json: { name: "Agree", items: top },
    });
    const agreeId = ((await same.json()) as { list: { id: string } }).list.id;
    const agree = await t.request(`/api/consensus/lists/${other!.id}/${agreeId}`, { cookie: other!.cookie });
    expect(((await agree.json()) as ListCloseness).closeness).toBeCloseTo(1, 9);
    expect((await t.request(`/api/consensus/lists/${other!.id}/nope`)).status).toBe(404);
  });
});

describe("Global Rankings rank ranges", () => {
  it("come with each refresh, hold each place, and are narrower where the votes agree", async () => {
    const cast = await castOf("s49");
    const voters = Array.from({ length: 200 }, (_, i) => ({
      id: `voter-${i}`,
      name: `voter ${i}`,
      email: `v${i}@example.com`,
    }));
    await t.database.db.insert(user).values(voters);
    // Everyone puts cast[0] first; the rest of the ten is shuffled.
    const random = new SeededRandom(3);
    await t.database.db.insert(submissions).values(
      voters.map((v) => {
        const rest = cast.slice(1);
        for (let i = rest.length - 1; i > 0; i--) {
          const j = random.below(i + 1);
          [rest[i], rest[j]] = [rest[j]!, rest[i]!];
        }
        return {
          categoryId: "season-49",
          userId: v.id,
          slots: [cast[0]!, ...rest.slice(0, GLOBAL_SLOTS - 1)],
        };
      }),
    );
    const { recountCategory } = await import("../global-rankings/global-rankings.service.ts");
    await recountCategory(t.store, "season-49");
    await t.app.deps.consensus!.refreshNow();
    const res = await t.request("/api/global-rankings/season-49");
    const { category } = (await res.json()) as CategoryDetailDto;
    expect(category.top10).toHaveLength(10);
    expect(category.top10[0]).toMatchObject({ id: cast[0], range: { low: 1, high: 1 } });
    category.top10.forEach((e, i) => {
      expect(e.range!.low).toBeLessThanOrEqual(i + 1);
      expect(e.range!.high).toBeGreaterThanOrEqual(i + 1);
    });
    // The shuffled places are not settled.
    expect(category.top10.slice(1).some((e) => e.range!.high - e.range!.low >= 2)).toBe(true);
    // Unchanged submissions: no new ranges; changed, new ones.
    const again = await t.app.deps.consensus!.refreshNow({ changesOnly: true });
    expect(again).toMatchObject({ categoriesComputed: 0, slicesFitted: 0 });
    expect(again!.categories).toBeGreaterThan(0);
    await t.database.db.delete(submissions).where(and(eq(submissions.categoryId, "season-49")));
    await recountCategory(t.store, "season-49");
    await t.store.events.emit("category-changed", { categoryId: "season-49" });
    expect((await t.app.deps.consensus!.refreshNow({ changesOnly: true }))!.categoriesComputed).toBe(1);
    const { category: emptied } = (await (
      await t.request("/api/global-rankings/season-49")
    ).json()) as CategoryDetailDto;
    expect(emptied.top10).toHaveLength(0);
  });
});

describe("live: a list save changes the consensus without anyone asking", () => {
  it("recomputes after a save and after a delete, by itself", async () => {
    const live = await createTestApp({
      users: ["a@example.com"],
      consensus: { debounceMs: 50, retryMs: 200 },
    });
    try {
      const [a] = live.users;
      const until = async (check: (s: ConsensusSlice) => boolean) => {
        const deadline = Date.now() + 20_000;
        for (;;) {
          const s = await slice(live, "seasons/all");
          if (check(s)) return s;
          if (Date.now() > deadline) throw new Error(`not within 20 s: ${JSON.stringify(s).slice(0, 200)}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      await until((s) => s.computedAt !== null);
      const res = await live.request("/api/lists", {
        method: "POST",
        cookie: a!.cookie,
        json: { name: "Mine", items: ["s20", "s28", "s40"] },
      });
      expect(res.status).toBe(201);
      const { id } = ((await res.json()) as { list: { id: string } }).list;
      const after = await until((s) => s.ballotCount === 1);
      expect(after.unranked.map((u) => u.id)).toEqual(["s20", "s28", "s40"]);
      expect(
        (await live.request(`/api/lists/${a!.id}/${id}`, { method: "DELETE", cookie: a!.cookie })).status,
      ).toBe(204);
      await until((s) => s.ballotCount === 0);
    } finally {
      await live.close();
    }
  }, 60_000);
});
