import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lists, notifications, user } from "#server/db/schema/index.ts";
import { createTestApp, type TestUser } from "#testing/test-app.ts";
import { toggleUpvote } from "./reactions.service.ts";

const t = await createTestApp({ users: ["owner@example.com", "fan@example.com"] });
const [owner, fan] = t.users;
let listId: string;

beforeAll(async () => {
  const res = await t.request("/api/lists", {
    json: { name: "Icons", items: ["s1-richard-hatch"] },
    cookie: owner.cookie,
  });
  listId = ((await res.json()) as { list: { id: string } }).list.id;
});
afterAll(() => t.close());

const upvote = (u: TestUser | null, ownerId = owner.id, id = listId) =>
  t.request(`/api/lists/${ownerId}/${id}/upvote`, { method: "POST", cookie: u?.cookie });
const favorite = (u: TestUser | null, id = listId) =>
  t.request(`/api/lists/${owner.id}/${id}/favorite`, { method: "POST", cookie: u?.cookie });

describe("upvotes", () => {
  it("toggles on and off, keeps the count exact and notifies the owner once", async () => {
    expect(await (await upvote(fan)).json()).toEqual({ upvoted: true, upvoteCount: 1 });
    const detail = (await (
      await t.request(`/api/lists/${owner.id}/${listId}`, { cookie: fan.cookie })
    ).json()) as {
      list: { upvoteCount: number; viewer: { upvoted: boolean } };
    };
    expect(detail.list.upvoteCount).toBe(1);
    expect(detail.list.viewer.upvoted).toBe(true);
    expect(await (await upvote(fan)).json()).toEqual({ upvoted: false, upvoteCount: 0 });
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, owner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: "list_like",
      actorId: fan.id,
      actorName: "fan",
      listUserId: owner.id,
      listId,
      isNew: true,
    });
  });

  it("never notifies the owner of their own upvote", async () => {
    expect(await (await upvote(owner)).json()).toEqual({ upvoted: true, upvoteCount: 1 });
    const own = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, owner.id), eq(notifications.actorId, owner.id)));
    expect(own).toHaveLength(0);
    await upvote(owner);
  });

  it("answers 401 to visitors and 404 for a missing list", async () => {
    expect((await upvote(null)).status).toBe(401);
    expect((await upvote(fan, owner.id, "list_1")).status).toBe(404);
    expect((await upvote(fan, "nobody", listId)).status).toBe(404);
  });

  it("counts exactly 200 when 200 users upvote at the same moment", async () => {
    const db = t.database.db;
    const voters = Array.from({ length: 200 }, (_, i) => ({
      id: `voter-${i}`,
      name: `Voter ${i}`,
      email: `voter${i}@example.com`,
    }));
    await db.insert(user).values(voters);
    const results = await Promise.all(voters.map((v) => toggleUpvote(t.store, v.id, owner.id, listId)));
    expect(results.every((r) => r.upvoted)).toBe(true);
    const [row] = await db
      .select({ n: lists.upvoteCount })
      .from(lists)
      .where(and(eq(lists.userId, owner.id), eq(lists.id, listId)));
    expect(row!.n).toBe(200);
    // And 200 taking it back at once returns it to exactly zero.
    await Promise.all(voters.map((v) => toggleUpvote(t.store, v.id, owner.id, listId)));
    const [after] = await db
      .select({ n: lists.upvoteCount })
      .from(lists)
      .where(and(eq(lists.userId, owner.id), eq(lists.id, listId)));
    expect(after!.n).toBe(0);
  });

  it("a user double-clicking concurrently ends with a consistent count", async () => {
    await Promise.all([
      toggleUpvote(t.store, fan.id, owner.id, listId),
      toggleUpvote(t.store, fan.id, owner.id, listId),
    ]);
    const detail = (await (
      await t.request(`/api/lists/${owner.id}/${listId}`, { cookie: fan.cookie })
    ).json()) as {
      list: { upvoteCount: number; viewer: { upvoted: boolean } };
    };
    expect(detail.list.upvoteCount).toBe(detail.list.viewer.upvoted ? 1 : 0);
  });
});

describe("favourites", () => {
  it("toggles, shows in the reader's favourites, and needs a session", async () => {
    expect(await (await favorite(fan)).json()).toEqual({ favorited: true });
    const favs = (await (await t.request("/api/me/favorites", { cookie: fan.cookie })).json()) as {
      lists: { id: string; viewer: { favorited: boolean } }[];
    };
    expect(favs.lists.map((l) => l.id)).toEqual([listId]);
    expect(favs.lists[0]!.viewer.favorited).toBe(true);
    expect(await (await favorite(fan)).json()).toEqual({ favorited: false });
    const none = (await (await t.request("/api/me/favorites", { cookie: fan.cookie })).json()) as {
      lists: unknown[];
    };
    expect(none.lists).toEqual([]);
    expect((await favorite(null)).status).toBe(401);
    expect((await t.request("/api/me/favorites")).status).toBe(401);
    expect((await favorite(fan, "list_404")).status).toBe(404);
  });
});
