import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { favorites, listItems, lists, listUpvotes } from "#server/db/schema/index.ts";
import { MEMBER_FLAGS_KEPT } from "#server/cache/viewer-flags-cache.ts";
import { createList, rankingOf } from "../lists/lists.service.ts";
import { browseLists, homeLists } from "./browse.service.ts";
import { parseBrowseQuery } from "#shared/browse.ts";
import { createTestApp, type TestApp, type TestUser } from "#testing/test-app.ts";
import type { BrowsePageDto, HomeDto } from "#server/api-types.ts";

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();

type Page = BrowsePageDto;

async function seedList(
  owner: TestUser,
  n: number,
  o: Partial<typeof lists.$inferInsert> & { items?: string[] },
) {
  const { items = [], ...rest } = o;
  const id = `list_${1_700_000_000_000 + n}`;
  await t.database.db.insert(lists).values({
    userId: owner.id,
    id,
    name: `List ${n}`,
    description: "",
    kind: items.length ? (items[0]!.includes("-") ? "castaways" : "seasons") : null,
    itemCount: items.length,
    ranking: rankingOf(items),
    ...rest,
  });
  if (items.length) {
    await t.database.db
      .insert(listItems)
      .values(items.map((itemId, position) => ({ userId: owner.id, listId: id, position, itemId })));
  }
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp("alice@example.com");
  bob = await t.signUp("bob@example.com");
  // 15 lists, one a day apart; every third is a season list; a few carry tags and votes.
  for (let n = 1; n <= 15; n++) {
    const seasons = n % 3 === 0;
    await seedList(n % 2 ? alice : bob, n, {
      name: n === 7 ? "Strategic Masterminds" : `List ${n}`,
      description: n === 9 ? "All about the BLINDSIDES" : "",
      tags: [
        ...(n % 5 === 0 ? ["spoiler"] : []),
        ...(n % 4 === 0 ? ["social"] : []),
        ...(n === 8 ? ["strategic"] : []),
        seasons ? "season-ranking" : "survivor-ranking",
      ],
      items: seasons ? ["s1", "s2", "s3", "s4"] : ["s1-richard-hatch", "s2-colby-donaldson"],
      upvoteCount: n === 4 ? 50 : n === 12 ? 40 : n,
      createdAt: new Date(now - (16 - n) * DAY),
      updatedAt: new Date(now - (16 - n) * DAY),
    });
  }
});
afterAll(() => t.close());

const browse = async (query: string, user?: TestUser) =>
  (await (await t.request(`/api/browse?${query}`, { cookie: user?.cookie })).json()) as Page;

describe("browse", () => {
  it("pages 12 at a time, newest first, with creator names and previews", async () => {
    const first = await browse("");
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 15 });
    expect(first.lists).toHaveLength(12);
    expect(first.lists[0]!.name).toBe("List 15");
    expect(first.lists[0]!.userName).toBe("alice");
    expect(first.lists[0]!.preview.map((p) => p.id)).toEqual(["s1", "s2", "s3"]);
    const second = await browse("page=2");
    expect(second.lists.map((l) => l.name)).toEqual(["List 3", "List 2", "List 1"]);
  });

  it("clamps pages beyond the end and ignores nonsense", async () => {
    expect((await browse("page=99")).page).toBe(2);
    // The same however large, not page 1 past some bound.
    for (const huge of ["100000", "999999999", "1e30", "Infinity", "99999999999999999999999"]) {
      expect((await browse(`page=${huge}`)).page, huge).toBe(2);
    }
    expect((await browse("page=-3")).page).toBe(1);
    expect((await browse("page=abc&sort=sideways&type=nope")).lists).toHaveLength(12);
  });

  it("sorts by oldest and by most votes", async () => {
    expect((await browse("sort=oldest")).lists[0]!.name).toBe("List 1");
    const votes = (await browse("sort=mostVotes")).lists.map((l) => l.upvoteCount);
    expect(votes.slice(0, 3)).toEqual([50, 40, 15]);
  });

  it("searches name or description, case-insensitively, with LIKE wildcards taken literally", async () => {
    expect((await browse("q=masterMINDS")).lists.map((l) => l.name)).toEqual(["Strategic Masterminds"]);
    expect((await browse("q=blindsides")).lists.map((l) => l.name)).toEqual(["List 9"]);
    expect((await browse("q=%25")).total).toBe(0);
    expect((await browse("q=_")).total).toBe(0);
  });

  it("filters by type through the automatic tags", async () => {
    const seasons = await browse("type=seasons");
    expect(seasons.total).toBe(5);
    expect(seasons.lists.every((l) => l.tags.includes("season-ranking"))).toBe(true);
    expect((await browse("type=castaways")).total).toBe(10);
  });

  it("requires every selected tag", async () => {
    expect((await browse("tags=spoiler")).lists.map((l) => l.name).sort()).toEqual([
      "List 10",
      "List 15",
      "List 5",
    ]);
    expect((await browse("tags=social")).total).toBe(3);
    expect((await browse("tags=spoiler,social")).total).toBe(0);
    expect((await browse("tags=social,strategic")).lists.map((l) => l.name)).toEqual(["List 8"]);
    expect((await browse("tags=bogus")).total).toBe(15);
  });

  it("the Favorites filter uses the reader's favourites; a visitor has none", async () => {
    const target = (await browse("q=masterminds")).lists[0]!;
    await t.request(`/api/lists/${target.userId}/${target.id}/favorite`, {
      method: "POST",
      cookie: bob.cookie,
    });
    const mine = await browse("tags=favorites", bob);
    expect(mine.lists.map((l) => l.name)).toEqual(["Strategic Masterminds"]);
    expect(mine.lists[0]!.viewer.favorited).toBe(true);
    expect((await browse("tags=favorites", alice)).total).toBe(0);
    expect((await browse("tags=favorites")).total).toBe(0);
    expect((await browse("tags=favorites,spoiler", bob)).total).toBe(0);
  });
});

describe("home", () => {
  it("top voted this week counts only lists created in the last 7 days, by votes", async () => {
    const home = (await (await t.request("/api/home")).json()) as HomeDto;
    // Lists 10..15 are inside the week (created 6..1 days ago); list 12 has 40 votes.
    expect(home.topWeek.map((l) => l.name)).toEqual(["List 12", "List 15", "List 14"]);
    expect(home.recent.map((l) => l.name)).toEqual(["List 15", "List 14", "List 13"]);
  });

  it("a deleted user's lists leave browse with them", async () => {
    const carol = await t.signUp("carol@example.com");
    await seedList(carol, 99, { name: "Carol's", createdAt: new Date(now) });
    const { user } = await import("#server/db/schema/index.ts");
    const { eq } = await import("drizzle-orm");
    await t.database.db.delete(user).where(eq(user.id, carol.id));
    expect((await browse("q=carol")).total).toBe(0);
  });
});

describe("shared answers", () => {
  it("serves visitors a briefly cached page that a write through the API clears", async () => {
    expect((await browse("q=zanzibar")).total).toBe(0);
    // Written behind the API's back: the visitor's cached page does not see it yet.
    await seedList(alice, 500, { name: "Zanzibar direct" });
    expect((await browse("q=zanzibar")).total).toBe(0);
    // A save through the API clears the cached pages at once (and moves the
    // cached count by the one list it added, so that stays 1).
    const res = await t.request("/api/lists", { json: { name: "Zanzibar saved" }, cookie: bob.cookie });
    expect(res.status).toBe(201);
    expect((await browse("q=zanzibar")).lists.map((l) => l.name).sort()).toEqual([
      "Zanzibar direct",
      "Zanzibar saved",
    ]);
  });

  it("keeps the pages a save cannot change, and rebuilds those it can", async () => {
    const created = await t.request("/api/lists", { json: { name: "Okapi notes" }, cookie: alice.cookie });
    const { list } = (await created.json()) as { list: { id: string } };
    expect((await browse("q=okapi")).total).toBe(1);
    expect((await browse("q=gecko")).total).toBe(0);
    // Behind the API's back: a rebuilt page would show these, a kept one does not.
    await seedList(bob, 510, { name: "Gecko direct" });
    await seedList(bob, 511, { name: "Okapi direct" });
    const save = (name: string) =>
      t.request(`/api/lists/${alice.id}/${list.id}`, { method: "PUT", json: { name }, cookie: alice.cookie });
    // The saved list is on the okapi page (its card changed); the gecko page neither had nor gains it.
    expect((await save("Okapi notes, revised")).status).toBe(200);
    expect((await browse("q=okapi")).lists.map((l) => l.name)).toContain("Okapi direct");
    expect((await browse("q=gecko")).lists).toEqual([]);
    // Renamed into the gecko filter: that page gains it and is rebuilt.
    expect((await save("Gecko notes")).status).toBe(200);
    expect((await browse("q=gecko")).lists.map((l) => l.name).sort()).toEqual([
      "Gecko direct",
      "Gecko notes",
    ]);
    const gone = await t.request(`/api/lists/${alice.id}/${list.id}`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(gone.status).toBe(204);
  });

  it("keeps home through an upvote that cannot change its rows, and rebuilds it for one that can", async () => {
    const home = async () => (await (await t.request("/api/home")).json()) as HomeDto;
    const first = await home();
    const fewest = Math.min(...first.topWeek.map((c) => c.upvoteCount));
    // An old list with few votes, on no row of home.
    const onHome = new Set([...first.topWeek, ...first.recent].map((c) => c.id));
    const quiet = (await browse("sort=oldest")).lists.find(
      (c) => !onHome.has(c.id) && c.upvoteCount + 1 < fewest,
    )!;
    expect(quiet).toBeDefined();
    await seedList(bob, 520, { name: "Newest direct" });
    const upvote = (card: { userId: string; id: string }) =>
      t.request(`/api/lists/${card.userId}/${card.id}/upvote`, { method: "POST", cookie: alice.cookie });
    expect((await upvote(quiet)).status).toBe(200);
    expect((await home()).recent.map((c) => c.name)).not.toContain("Newest direct");
    // A vote on a list in the week's most voted row may reorder it: home is rebuilt.
    expect((await upvote(first.topWeek[0]!)).status).toBe(200);
    expect((await home()).recent.map((c) => c.name)).toContain("Newest direct");
    expect((await upvote(first.topWeek[0]!)).status).toBe(200);
    expect((await upvote(quiet)).status).toBe(200);
  });

  it("moves cached counts by the list a save adds or takes away, without recounting", async () => {
    const res = await t.request("/api/lists", {
      json: { name: "Quokka picks", items: ["s1", "s2"] },
      cookie: alice.cookie,
    });
    const { list } = (await res.json()) as { list: { id: string } };
    expect((await browse("q=quokka")).total).toBe(1);
    expect((await browse("q=wombat")).total).toBe(0);
    expect((await browse("q=wombat&type=seasons")).total).toBe(0);
    // Written behind the API's back: a recount would see it, an adjusted count does not.
    await seedList(bob, 502, { name: "Quokka and wombat direct" });
    const save = (name: string, items: string[]) =>
      t.request(`/api/lists/${alice.id}/${list.id}`, {
        method: "PUT",
        json: { name, items },
        cookie: alice.cookie,
      });
    expect((await save("Quokka picks", ["s2", "s1"])).status).toBe(200);
    expect((await browse("q=quokka")).total).toBe(1);
    expect((await save("Wombat picks", ["s2", "s1"])).status).toBe(200);
    expect((await browse("q=quokka")).total).toBe(0);
    expect((await browse("q=wombat")).total).toBe(1);
    expect((await browse("q=wombat&type=seasons")).total).toBe(1);
    // Castaways now: it leaves the seasons filter.
    expect((await save("Wombat picks", ["s1-richard-hatch"])).status).toBe(200);
    expect((await browse("q=wombat&type=seasons")).total).toBe(0);
    const gone = await t.request(`/api/lists/${alice.id}/${list.id}`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(gone.status).toBe(204);
    expect((await browse("q=wombat")).total).toBe(0);
  });

  it("keeps a count that was being made when a save came, and moves it only if it had not seen the save", async () => {
    // The lists table held by another transaction: the count and the save
    // both wait, and then run in either order (PostgreSQL) or the count
    // first (PGlite, one statement at a time); the count is under way when
    // the save began.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE ${lists} IN ACCESS EXCLUSIVE MODE`);
      locked();
      await released;
    });
    await isLocked;
    // Each count of a search selects its snapshot (`seen`) beside it.
    const select = vi.spyOn(t.store.db, "select");
    const countsMade = () => select.mock.calls.filter(([fields]) => fields && "seen" in fields).length;
    const counting = browseLists(t.store, parseBrowseQuery({ q: "newt" }), null);
    const saving = createList(t.store, alice.id, {
      name: "Newt notes",
      description: "",
      tags: [],
      items: [],
    });
    release();
    await holder;
    await saving;
    await t.store.events.flush();
    expect([0, 1]).toContain((await counting).total);
    expect((await browse("q=newt")).total).toBe(1);
    expect((await browse("q=newt&sort=oldest")).total).toBe(1);
    expect(countsMade()).toBe(1);
    select.mockRestore();
  });

  it("keeps a full page that ends before a list joining or leaving its filter, and counts the list in or out", async () => {
    const rename = (card: { id: string }, name: string) =>
      t.request(`/api/lists/${alice.id}/${card.id}`, { method: "PUT", json: { name }, cookie: alice.cookie });
    const before = await browse("q=list");
    expect(before.lists).toHaveLength(12);
    const second = await browse("q=list&page=2");
    expect(second.lists.length).toBeGreaterThan(1);
    // A list on the first page leaves the filter: the second page's first card moves up to the first.
    const upper = before.lists.find((c) => c.userId === alice.id)!;
    expect((await rename(upper, "Renamed away")).status).toBe(200);
    expect((await browse("q=list&page=2")).lists[0]!.id).toBe(second.lists[1]!.id);
    expect((await rename(upper, upper.name)).status).toBe(200);

    const first = await browse("q=list");
    const older = (await browse("q=list&page=2")).lists.find((c) => c.userId === alice.id)!;
    // Behind the API's back, the newest of all: a rebuilt first page would show it, a kept one does not.
    await seedList(bob, 530, { name: "List direct" });
    expect((await rename(older, "Renamed away")).status).toBe(200);
    expect(await browse("q=list")).toEqual({ ...first, total: first.total - 1 });
    expect((await rename(older, older.name)).status).toBe(200);
    expect(await browse("q=list")).toEqual(first);
    // In vote order a list's place moves with its votes: that page is read again whatever its end.
    expect((await browse("q=list&sort=mostVotes")).lists).toHaveLength(12);
    await seedList(bob, 531, { name: "List direct, voted", upvoteCount: 1000 });
    const gone = await t.request(`/api/lists/${alice.id}/${older.id}`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(gone.status).toBe(204);
    expect(await browse("q=list")).toEqual({ ...first, total: first.total - 1 });
    expect((await browse("q=list&sort=mostVotes")).lists[0]!.name).toBe("List direct, voted");
  });

  it("keeps a full page in creation order when a list is created after its end, and counts the list in", async () => {
    const oldest = await browse("q=list&sort=oldest");
    expect(oldest.lists).toHaveLength(12);
    // Behind the API's back, the oldest of all: a rebuilt page would show it, a kept one does not.
    await seedList(bob, 540, { name: "List direct, oldest", createdAt: new Date(now - 400 * DAY) });
    const created = await t.request("/api/lists", {
      method: "POST",
      json: { name: "List created now", description: "", tags: [], items: [] },
      cookie: alice.cookie,
    });
    expect(created.status).toBe(201);
    const after = await browse("q=list&sort=oldest");
    expect(after.lists).toEqual(oldest.lists);
    expect(after.total).toBe(oldest.total + 1);
    // Newest first, the new list is on the first page: that page is read again.
    expect((await browse("q=list")).lists[0]!.name).toBe("List created now");
  });

  it("shares the page with signed-in readers, each with their own flags on it", async () => {
    const seen = await browse("q=zanzibar", bob);
    const target = seen.lists[0]!;
    // Written behind the API's back: a signed-in reader shares the visitors' page too.
    await seedList(bob, 501, { name: "Zanzibar again" });
    expect((await browse("q=zanzibar", alice)).lists.length).toBe(seen.lists.length);
    // The flags are each reader's own, read fresh; the upvote moves the
    // count on the shared page without rebuilding it (so the list written
    // behind the API's back is still not on it).
    const up = await t.request(`/api/lists/${target.userId}/${target.id}/upvote`, {
      method: "POST",
      cookie: bob.cookie,
    });
    expect(up.status).toBe(200);
    const bobs = await browse("q=zanzibar", bob);
    const alices = await browse("q=zanzibar", alice);
    expect(bobs.lists.length).toBe(seen.lists.length);
    expect(bobs.lists.find((l) => l.id === target.id)?.viewer.upvoted).toBe(true);
    expect(alices.lists.find((l) => l.id === target.id)?.viewer.upvoted).toBe(false);
    const visitors = await browse("q=zanzibar");
    expect(visitors.lists.find((l) => l.id === target.id)?.viewer.upvoted).toBe(false);
    expect(visitors.lists.find((l) => l.id === target.id)?.upvoteCount).toBe(target.upvoteCount + 1);
    // In vote order the page is rebuilt: the order may have changed.
    expect((await browse("q=zanzibar&sort=mostVotes")).lists.length).toBe(seen.lists.length + 1);
    const down = await t.request(`/api/lists/${target.userId}/${target.id}/upvote`, {
      method: "POST",
      cookie: bob.cookie,
    });
    expect(((await down.json()) as { upvoteCount: number }).upvoteCount).toBe(target.upvoteCount);
    expect((await browse("q=zanzibar")).lists.find((l) => l.id === target.id)?.upvoteCount).toBe(
      target.upvoteCount,
    );
  });

  it("hands a reader who flagged none of a page's cards the visitors' very answer, sent as bytes encoded once", async () => {
    const carol = await t.signUp("carol.shared@example.com");
    const dave = await t.signUp("dave.shared@example.com");
    const query = parseBrowseQuery({ q: "strategic" });
    const visitors = await browseLists(t.store, query, null);
    const target = visitors.lists[0]!;
    expect(await browseLists(t.store, query, carol.id)).toBe(visitors);
    expect(await homeLists(t.store, carol.id)).toBe(await homeLists(t.store, null));
    // The first answer sent encodes it (if no one had yet); the next ones send those bytes.
    await browse("q=strategic");
    const stringify = vi.spyOn(JSON, "stringify");
    try {
      const [carols, again] = await Promise.all([browse("q=strategic", carol), browse("q=strategic")]);
      expect(again).toEqual(carols);
      expect(carols.lists.map((l) => l.id)).toEqual(visitors.lists.map((l) => l.id));
      expect(stringify.mock.calls.filter(([value]) => value === visitors)).toHaveLength(0);
    } finally {
      stringify.mockRestore();
    }
    // Her favourite makes her answer a copy with its flag; everyone else's stays the shared one.
    const fav = await t.request(`/api/lists/${target.userId}/${target.id}/favorite`, {
      method: "POST",
      cookie: carol.cookie,
    });
    expect(fav.status).toBe(200);
    const shared = await browseLists(t.store, query, null);
    const carolsNow = await browseLists(t.store, query, carol.id);
    expect(carolsNow).not.toBe(shared);
    expect(carolsNow.lists.find((l) => l.id === target.id)?.viewer).toEqual({
      favorited: true,
      upvoted: false,
    });
    expect(await browseLists(t.store, query, dave.id)).toBe(shared);
    const sent = await browse("q=strategic", carol);
    expect(sent.lists.find((l) => l.id === target.id)?.viewer.favorited).toBe(true);
    expect((await browse("q=strategic", dave)).lists.find((l) => l.id === target.id)?.viewer.favorited).toBe(
      false,
    );
  });

  it("gives readers who ask at the same moment (one query for all of them) each their own flags", async () => {
    const page = await browse("q=zanzibar");
    const [first, second] = page.lists as [Page["lists"][number], Page["lists"][number]];
    const toggle = (who: TestUser, card: typeof first, what: "upvote" | "favorite") =>
      t.request(`/api/lists/${card.userId}/${card.id}/${what}`, { method: "POST", cookie: who.cookie });
    expect((await toggle(alice, first, "favorite")).status).toBe(200);
    expect((await toggle(bob, second, "upvote")).status).toBe(200);
    const [alices, bobs, visitors] = await Promise.all([
      browse("q=zanzibar", alice),
      browse("q=zanzibar", bob),
      browse("q=zanzibar"),
    ]);
    const flags = (p: Page) => p.lists.slice(0, 2).map((l) => l.viewer);
    expect(flags(alices)).toEqual([
      { favorited: true, upvoted: false },
      { favorited: false, upvoted: false },
    ]);
    expect(flags(bobs)).toEqual([
      { favorited: false, upvoted: false },
      { favorited: false, upvoted: true },
    ]);
    expect(flags(visitors)).toEqual([
      { favorited: false, upvoted: false },
      { favorited: false, upvoted: false },
    ]);
  });

  it("reads no flag out of a list id that holds the packing's separators", async () => {
    // No id we make holds a control character; one written behind the API's
    // back must not make a member's packed flags claim a list they never flagged.
    const plain = await seedList(bob, 950, { name: "Numbat plain" });
    const odd = `x\u0001f${bob.id}\u0002${plain}`;
    await t.database.db
      .insert(lists)
      .values({ userId: alice.id, id: odd, name: "Numbat odd", description: "" });
    const dave = await t.signUp("dave@example.com");
    await t.database.db.insert(listUpvotes).values({ listUserId: alice.id, listId: odd, voterId: dave.id });
    const cards = (await browse("q=numbat", dave)).lists;
    expect(cards.map((c) => [c.id, c.viewer])).toEqual(
      expect.arrayContaining([
        [plain, { favorited: false, upvoted: false }],
        [odd, { favorited: false, upvoted: true }],
      ]),
    );
    expect(cards).toHaveLength(2);
  });

  it("remembers a member's flags for every page until their own toggle, and reads per page past the limit", async () => {
    const page = await browse("q=zanzibar");
    const [first, second] = page.lists as [Page["lists"][number], Page["lists"][number]];
    const carol = await t.signUp("carol@example.com");
    const flagsOf = async (who: TestUser) =>
      (await browse("q=zanzibar", who)).lists.slice(0, 2).map((l) => l.viewer.favorited);
    expect(await flagsOf(carol)).toEqual([false, false]);
    // Written behind the API's back: carol's remembered flags do not see it...
    await t.database.db
      .insert(favorites)
      .values({ userId: carol.id, listUserId: first.userId, listId: first.id });
    expect(await flagsOf(carol)).toEqual([false, false]);
    // ...until her own toggle, which reads them all again.
    const toggle = await t.request(`/api/lists/${second.userId}/${second.id}/favorite`, {
      method: "POST",
      cookie: carol.cookie,
    });
    expect(toggle.status).toBe(200);
    expect(await flagsOf(carol)).toEqual([true, true]);
    // A member with more upvotes than are remembered whole still sees each page's own.
    const many = Array.from({ length: MEMBER_FLAGS_KEPT + 1 }, (_, i) => 900 + i);
    for (const n of many) await seedList(alice, n, { name: `Heavy ${n}` });
    await t.database.db.insert(listUpvotes).values(
      many.map((n) => ({
        listUserId: alice.id,
        listId: `list_${1_700_000_000_000 + n}`,
        voterId: carol.id,
      })),
    );
    const heavyToggle = await t.request(`/api/lists/${first.userId}/${first.id}/upvote`, {
      method: "POST",
      cookie: carol.cookie,
    });
    expect(heavyToggle.status).toBe(200);
    const heavy = await browse("q=heavy", carol);
    expect(heavy.lists.length).toBeGreaterThan(0);
    expect(heavy.lists.every((l) => l.viewer.upvoted)).toBe(true);
    const zanzibar = (await browse("q=zanzibar", carol)).lists.slice(0, 2).map((l) => l.viewer);
    expect(zanzibar).toEqual([
      { favorited: true, upvoted: true },
      { favorited: true, upvoted: false },
    ]);
  });
});
