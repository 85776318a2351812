import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { CategoriesDto, CategoryDetailDto } from "#server/api-types.ts";
import { categories, categoryScores, submissions, user } from "#server/db/schema/index.ts";
import type { ErrorBody } from "#server/http/errors.ts";
import { GLOBAL_MESSAGES } from "#shared/global-rankings.ts";
import { createTestApp, type TestUser } from "#testing/test-app.ts";
import {
  closeCategory,
  importLegacyResults,
  openCategory,
  recountCategory,
  submitRanking,
} from "./global-rankings.service.ts";

const t = await createTestApp({ users: ["ann@example.com", "ben@example.com", "cat@example.com"] });
const [ann, ben, cat] = t.users;
afterAll(() => t.close());

const S49 = [
  "alex-moore",
  "annie-davis",
  "jake-latimer",
  "jason-treul",
  "jawan-pitts",
  "jeremiah-ing",
  "kristina-mills",
  "matt-williams",
  "mc-chukwujekwu",
  "nate-moore",
  "nicole-mazullo",
  "rizo-velovic",
].map((slug) => `s49-${slug}`);
const ten = (ids: (string | null)[]) => [...ids, ...Array(10 - ids.length).fill(null)].slice(0, 10);

const submit = (u: TestUser | null, slots: unknown, id = "season-49") =>
  t.request(`/api/global-rankings/${id}/submission`, { method: "PUT", json: { slots }, cookie: u?.cookie });
const detail = async (u: TestUser | null, id = "season-49") => {
  const res = await t.request(`/api/global-rankings/${id}`, { cookie: u?.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as CategoryDetailDto;
};
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;

describe("categories", () => {
  it("seeds season 49 open with no votes and season 48 closed with no data", async () => {
    const res = await t.request("/api/global-rankings");
    const body = (await res.json()) as CategoriesDto;
    expect(body.open.map((c) => [c.id, c.totalSubmissions, c.top10.length])).toEqual([["season-49", 0, 0]]);
    expect(body.closed.map((c) => [c.id, c.name, c.description, c.top10.length])).toEqual([
      ["season-48", "Season 48", "The final rankings for Survivor Season 48 contestants!", 0],
    ]);
    expect((await t.request("/api/global-rankings/season-99")).status).toBe(404);
  });
});

describe("submitting", () => {
  it("scores 10 down to 1, counts submissions, and orders by score, first places, then name", async () => {
    expect((await submit(ann, ten([S49[0]!, S49[1]!, null, S49[2]!]))).status).toBe(200);
    const after = await submit(ben, ten([S49[1]!, S49[0]!]));
    const body = (await after.json()) as CategoryDetailDto;
    expect(body.category.totalSubmissions).toBe(2);
    // Alex: 10 + 9, Annie: 9 + 10 -> tie on 19 and on one first place each -> by name.
    expect(body.category.top10.map((c) => [c.name, c.totalScore])).toEqual([
      ["Alex Moore", 19],
      ["Annie Davis", 19],
      ["Jake Latimer", 7],
    ]);
    expect(body.mine?.slots).toEqual(ten([S49[1]!, S49[0]!]));
    expect(body.mine?.closeness).toBeGreaterThan(0);
  });

  it("answers a vote with the member's submission as their next read shows it, times included", async () => {
    const dan = await t.signUp("dan@example.com");
    for (const slots of [ten([S49[4]!]), ten([S49[5]!, S49[4]!])]) {
      const answered = (await (await submit(dan, slots)).json()) as CategoryDetailDto;
      const read = await detail(dan);
      expect(answered.mine).toEqual(read.mine);
      expect(answered.mine?.slots).toEqual(slots);
      expect(Date.parse(answered.mine!.updatedAt)).toBeGreaterThanOrEqual(
        Date.parse(answered.mine!.submittedAt),
      );
    }
    await t.database.db.delete(submissions).where(eq(submissions.userId, dan.id));
    await recountCategory(t.store, "season-49");
  });

  it("replaces an edited submission's points instead of adding to them", async () => {
    await submit(ann, ten([S49[3]!]));
    const body = await detail(ann);
    expect(body.category.totalSubmissions).toBe(2);
    expect(body.category.top10.map((c) => [c.id, c.totalScore])).toEqual([
      [S49[1]!, 10],
      [S49[3]!, 10],
      [S49[0]!, 9],
    ]);
    expect(body.mine?.slots[0]).toBe(S49[3]);
  });

  it("keeps a reader's own submission while others submit, and reads it again when they submit", async () => {
    const before = await detail(cat);
    expect(before.mine).toBeNull();
    // Written behind the API's back: cat's cached answer does not see it...
    await t.database.db
      .insert(submissions)
      .values({ categoryId: "season-49", userId: cat.id, slots: ten([S49[5]!]) });
    expect((await detail(cat)).mine).toBeNull();
    // ...nor after another member's submission, which cannot change cat's...
    expect((await submit(ben, ten([S49[6]!]))).status).toBe(200);
    expect((await detail(cat)).mine).toBeNull();
    await t.database.db.delete(submissions).where(eq(submissions.userId, cat.id));
    // ...while cat's own, through the API, is read back at once.
    expect((await submit(cat, ten([S49[7]!]))).status).toBe(200);
    expect((await detail(cat)).mine?.slots[0]).toBe(S49[7]);
  });

  it("refuses visitors, duplicates, other seasons, seasons, empty and malformed rankings", async () => {
    expect((await submit(null, ten([S49[0]!]))).status).toBe(401);
    const dup = await submit(cat, ten([S49[0]!, S49[4]!, S49[0]!]));
    expect(dup.status).toBe(400);
    expect((await errorOf(dup)).message).toBe("Alex Moore is already ranked at position 1.");
    const other = await submit(cat, ten(["s1-richard-hatch"]));
    expect((await errorOf(other)).message).toBe(GLOBAL_MESSAGES.notInSeason);
    expect((await submit(cat, ten(["s49"]))).status).toBe(400);
    expect((await submit(cat, ten([]))).status).toBe(400);
    expect(await submit(cat, [S49[0]])).toHaveProperty("status", 400);
    expect((await submit(cat, "nope")).status).toBe(400);
    expect((await submit(cat, ten([S49[0]!]), "season-99")).status).toBe(404);
    expect((await detail(null)).mine).toBeNull();
  });

  it("answers 409 for a closed category", async () => {
    const res = await submit(cat, ten(["s48-bianca-roses"]), "season-48");
    expect(res.status).toBe(409);
  });

  it("keeps totals equal to a recount under 500 concurrent submissions and edits by 250 members", async () => {
    await t.limits.clearAll();
    await openCategory(t.store, {
      id: "season-49-load",
      name: "Load",
      description: "",
      seasonNumber: 49,
    });
    const members = Array.from({ length: 250 }, (_, i) => ({
      id: `member-${i}`,
      name: `member ${i}`,
      email: `m${i}@example.com`,
    }));
    await t.database.db.insert(user).values(members);
    // Each member submits twice at once, with different orders: the later one wins, whichever it is.
    const rankingOf = (i: number, k: number) =>
      ten(
        Array.from({ length: 10 }, (_, j) => S49[(i + j * (k + 1)) % S49.length]!).filter(
          (v, j, a) => a.indexOf(v) === j,
        ),
      );
    await Promise.all(
      members.flatMap((m, i) =>
        [0, 1].map((k) => submitRanking(t.store, m.id, "season-49-load", rankingOf(i, k))),
      ),
    );
    const incremental = await t.database.db
      .select()
      .from(categoryScores)
      .where(eq(categoryScores.categoryId, "season-49-load"));
    const [row] = await t.database.db.select().from(categories).where(eq(categories.id, "season-49-load"));
    expect(row!.totalSubmissions).toBe(250);
    const subs = await t.database.db
      .select()
      .from(submissions)
      .where(eq(submissions.categoryId, "season-49-load"));
    expect(subs).toHaveLength(250);
    await recountCategory(t.store, "season-49-load");
    const recounted = await t.database.db
      .select()
      .from(categoryScores)
      .where(eq(categoryScores.categoryId, "season-49-load"));
    const asMap = (rows: typeof recounted) =>
      Object.fromEntries(
        rows
          .filter((r) => r.totalScore !== 0 || r.firstPlaceVotes !== 0)
          .map((r) => [r.castawayId, [r.totalScore, r.firstPlaceVotes]]),
      );
    expect(asMap(incremental)).toEqual(asMap(recounted));
    const total = recounted.reduce((n, r) => n + r.totalScore, 0);
    expect(total).toBe(subs.reduce((n, s) => n + s.slots.reduce((p, id, i) => p + (id ? 10 - i : 0), 0), 0));
  });
});

describe("operator actions", () => {
  it("closes a category (no more votes) and shows imported legacy results", async () => {
    await openCategory(t.store, {
      id: "season-47",
      name: "Season 47",
      description: "",
      seasonNumber: 47,
    });
    await closeCategory(t.store, "season-47");
    expect((await submit(cat, ten(["s47-andy-rueda"]), "season-47")).status).toBe(409);
    await importLegacyResults(t.store, "season-48", {
      top10: [
        {
          id: "s48-kyle-fraser",
          name: "Kyle Fraser",
          imageUrl: "/media/headshots/s48-kyle-fraser",
          totalScore: 120,
        },
      ],
      totalVotes: 17,
    });
    const body = (await (await t.request("/api/global-rankings")).json()) as CategoriesDto;
    const s48 = body.closed.find((c) => c.id === "season-48")!;
    expect(s48.totalSubmissions).toBe(17);
    expect(s48.top10).toEqual([
      {
        id: "s48-kyle-fraser",
        name: "Kyle Fraser",
        imageUrl: "/media/headshots/s48-kyle-fraser",
        totalScore: 120,
        seasonName: null,
      },
    ]);
    await expect(
      openCategory(t.store, { id: "season-47", name: "x", description: "", seasonNumber: 47 }),
    ).rejects.toThrow(/already exists/);
  });

  it("accepts comments on a category and 404s an unknown one", async () => {
    const ok = await t.request("/api/comments", {
      json: { target: { categoryId: "season-49" }, text: "Go Kristina" },
      cookie: ann.cookie,
    });
    expect(ok.status).toBe(201);
    const bad = await t.request("/api/comments", {
      json: { target: { categoryId: "nope" }, text: "x" },
      cookie: ann.cookie,
    });
    expect(bad.status).toBe(404);
  });
});
