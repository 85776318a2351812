import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { castaways, seasons } from "../../db/schema/index.ts";
import { createTestDatabase, type TestDatabase } from "#testing/test-db.ts";
import { appearanceId, loadReferenceData, type ReferenceSeason } from "./reference-data.ts";
import { listSeasons, seedReferenceData } from "./seasons.service.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
});
afterAll(() => t?.dispose());

async function tableCounts() {
  const [s] = await t.db.select({ n: count() }).from(seasons);
  const [c] = await t.db.select({ n: count() }).from(castaways);
  return { seasons: s!.n, castaways: c!.n };
}

// The tests run in order on one database: each starts from what the one
// before left.
describe("seedReferenceData", () => {
  const data = loadReferenceData();

  it("ships 50 seasons and 917 appearances", () => {
    expect(data).toHaveLength(50);
    expect(data.reduce((n, s) => n + s.castaways.length, 0)).toBe(917);
  });

  it("writes everything into an empty database", async () => {
    expect(await tableCounts()).toEqual({ seasons: 0, castaways: 0 });
    expect(await seedReferenceData(t.db, data)).toEqual({ seasonsWritten: 50, castawaysWritten: 917 });
    expect(await tableCounts()).toEqual({ seasons: 50, castaways: 917 });
  });

  it("ships names without non-breaking or doubled spaces", () => {
    const names = data.flatMap((s) => s.castaways.flatMap((c) => [c.name, c.shortName]));
    expect(names.filter((n) => /\u00a0|\s{2}|^\s|\s$/.test(n))).toEqual([]);
  });

  it("cleans names an older install stored with non-breaking spaces", async () => {
    const old: ReferenceSeason[] = structuredClone(data);
    const s44 = old.find((s) => s.number === 44)!;
    for (const c of s44.castaways) c.name = c.name.replace(" ", "\u00a0");
    await seedReferenceData(t.db, old);
    const written = await seedReferenceData(t.db, data);
    expect(written).toEqual({ seasonsWritten: 0, castawaysWritten: s44.castaways.length });
    const [carolyn] = await t.db.select().from(castaways).where(eq(castaways.name, "Carolyn Wiger"));
    expect(carolyn?.seasonId).toBe("s44");
  });

  it("writes nothing the second time", async () => {
    expect(await seedReferenceData(t.db, loadReferenceData())).toEqual({
      seasonsWritten: 0,
      castawaysWritten: 0,
    });
    expect(await tableCounts()).toEqual({ seasons: 50, castaways: 917 });
  });

  it("writes exactly what changed in a modified data set: a new season and a renamed castaway", async () => {
    const modified: ReferenceSeason[] = structuredClone(data);
    const borneo = modified.find((s) => s.id === "s1")!;
    const renamed = borneo.castaways.find((c) => c.name === "Richard Hatch")!;
    renamed.name = "Richard Hatch Jr.";
    const extra: ReferenceSeason = {
      id: "s51",
      number: 51,
      name: "Survivor 51",
      premiered: null,
      castaways: [
        { id: "alex", castawayId: "US9001", name: "Alex Example", shortName: "Alex" },
        { id: "blair", castawayId: "US9002", name: "Blair Example", shortName: "Blair" },
        { id: "casey", castawayId: "US9003", name: "Casey Example", shortName: "Casey" },
      ],
    };
    modified.push(extra);

    expect(await seedReferenceData(t.db, modified)).toEqual({ seasonsWritten: 1, castawaysWritten: 4 });
    expect(await tableCounts()).toEqual({ seasons: 51, castaways: 920 });

    const [row] = await t.db
      .select({ name: castaways.name, shortName: castaways.shortName })
      .from(castaways)
      .where(eq(castaways.id, appearanceId("s1", renamed.id)));
    expect(row).toEqual({ name: "Richard Hatch Jr.", shortName: renamed.shortName });

    const listed = await listSeasons(t.db);
    expect(listed.at(-1)).toMatchObject({ id: "s51", number: 51, name: "Survivor 51" });
    expect(listed.at(-1)!.castaways.map((c) => c.name)).toEqual([
      "Alex Example",
      "Blair Example",
      "Casey Example",
    ]);

    // Applied once, the same modified set is again a no-op.
    expect(await seedReferenceData(t.db, modified)).toEqual({ seasonsWritten: 0, castawaysWritten: 0 });
  });

  it("rewrites a changed season and a reordered cast, and nothing else", async () => {
    const modified: ReferenceSeason[] = structuredClone(data);
    const s2 = modified.find((s) => s.id === "s2")!;
    s2.name = "Survivor: The Australian Outback (renamed)";
    const s3 = modified.find((s) => s.id === "s3")!;
    // Swapping two entries changes the position of exactly those two.
    [s3.castaways[0], s3.castaways[1]] = [s3.castaways[1]!, s3.castaways[0]!];
    // s1's castaway goes back to its shipped name: one more castaway write.
    expect(await seedReferenceData(t.db, modified)).toEqual({ seasonsWritten: 1, castawaysWritten: 3 });

    const listed = await listSeasons(t.db);
    expect(listed.find((s) => s.id === "s2")!.name).toBe("Survivor: The Australian Outback (renamed)");
    expect(
      listed
        .find((s) => s.id === "s3")!
        .castaways.slice(0, 2)
        .map((c) => c.slug),
    ).toEqual([s3.castaways[0]!.id, s3.castaways[1]!.id]);
  });
});
