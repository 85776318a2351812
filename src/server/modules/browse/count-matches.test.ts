import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { countSaw, type CountPart, type SeenCount } from "#server/cache/browse-caches.ts";
import { lists } from "#server/db/schema/index.ts";
import type { Snapshot } from "#server/db/transaction-visibility.ts";
import { createTestApp, type TestApp, type TestUser } from "#testing/test-app.ts";
import type { BrowsePageDto } from "#server/api-types.ts";
import type { BrowseFilter } from "#shared/browse.ts";

// A count read in slices of creation time (count-matches.ts): as on PGlite
// at a million lists, here at three public lists a slice.

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
/** Saw no transaction at all, and saw every one. */
const SAW_NONE: Snapshot = { xmin: 1n, xmax: 1n, running: [] };
const SAW_ALL: Snapshot = { xmin: 1n << 62n, xmax: 1n << 62n, running: [] };

describe("which slice of a count holds a list", () => {
  const parts: CountPart[] = [
    { fromMs: -Infinity, snapshot: SAW_NONE },
    { fromMs: 1_000, snapshot: SAW_ALL },
    { fromMs: 2_000, snapshot: SAW_NONE },
  ];
  it("is the last slice beginning at or before the list's creation", () => {
    expect(countSaw(parts, "5", -50)).toBe(false);
    expect(countSaw(parts, "5", 999)).toBe(false);
    expect(countSaw(parts, "5", 1_000)).toBe(true);
    expect(countSaw(parts, "5", 1_999)).toBe(true);
    expect(countSaw(parts, "5", 2_000)).toBe(false);
    expect(countSaw(parts, "5", Date.now())).toBe(false);
  });
});

describe("a search counted in slices", () => {
  let t: TestApp;
  let alice: TestUser;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ countSliceLists: 3 });
    alice = await t.signUp("alice@example.com");
    // Ten public lists a day apart, every other one a "kestrel" list; and one private kestrel.
    for (let n = 0; n < 11; n++) {
      const id = `list_${1_700_000_000_000 + n}`;
      ids.push(id);
      await t.database.db.insert(lists).values({
        userId: alice.id,
        id,
        name: n % 2 === 0 ? `Kestrel ${n}` : `Harrier ${n}`,
        description: "",
        isPublic: n < 10,
        createdAt: new Date(now - (20 - n) * DAY),
        updatedAt: new Date(now - (20 - n) * DAY),
      });
    }
  });
  afterAll(() => t.close());

  const browse = async (query: string) =>
    (await (await t.request(`/api/browse?${query}`)).json()) as BrowsePageDto;
  const kept = (q: string) => t.store.caches.browseCounts.peek([q, "all", []] satisfies BrowseFilter);
  const rename = (id: string, name: string) =>
    t.request(`/api/lists/${alice.id}/${id}`, { method: "PUT", json: { name }, cookie: alice.cookie });

  it("counts what one statement counts, each slice with the snapshot it was read in", async () => {
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lists)
      .where(sql`${lists.isPublic} AND lower(${lists.name}) LIKE '%kestrel%'`);
    expect(row!.n).toBe(5);
    expect((await browse("q=kestrel")).total).toBe(5);
    const count = kept("kestrel")!;
    expect(count.n).toBe(5);
    // Ten public lists, three a slice: four slices, in creation order.
    expect(count.seen).toHaveLength(4);
    expect(count.seen[0]!.fromMs).toBe(-Infinity);
    const froms = count.seen.slice(1).map((p) => p.fromMs);
    expect(froms).toEqual([...froms].sort((a, b) => a - b));
    expect(froms[0]).toBeGreaterThan(now - 20 * DAY);
    expect(froms.at(-1)).toBeLessThan(now - 10 * DAY);
  });

  it("moves a count by a write only where the slice holding the list had not seen it", async () => {
    // The newest slice saw every write and the others none (as if the
    // write came while the count read its first slices).
    const cutAt = now - 13 * DAY;
    const crafted: SeenCount = {
      n: 40,
      seen: [
        { fromMs: -Infinity, snapshot: SAW_NONE },
        { fromMs: cutAt, snapshot: SAW_ALL },
      ],
    };
    t.store.caches.browseCounts.set(["osprey", "all", []], crafted);
    // Created 20 days ago: in the first slice, which did not see the rename.
    expect((await rename(ids[0]!, "Osprey 0")).status).toBe(200);
    expect((await browse("q=osprey")).total).toBe(41);
    // Created 11 days ago: in the newest slice, which counted it already.
    expect((await rename(ids[9]!, "Osprey 9")).status).toBe(200);
    expect((await browse("q=osprey")).total).toBe(41);
    // A new list: the newest slice too.
    const created = await t.request("/api/lists", {
      method: "POST",
      json: { name: "Osprey new", description: "", tags: [], items: [] },
      cookie: alice.cookie,
    });
    expect(created.status).toBe(201);
    expect((await browse("q=osprey")).total).toBe(41);
    // Leaving the filter from the first slice moves it back.
    expect((await rename(ids[0]!, "Kestrel 0")).status).toBe(200);
    expect((await browse("q=osprey")).total).toBe(40);
  });
});
