import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listItems, lists } from "#server/db/schema/index.ts";
import { LIMITS } from "#shared/limits.ts";
import { LIST_MESSAGES } from "#shared/lists.ts";
import type { ListDetailDto } from "#server/api-types.ts";
import type { ErrorBody } from "#server/http/errors.ts";
import { createTestApp, type TestUser } from "#testing/test-app.ts";
import { createList, updateList } from "./lists.service.ts";

const t = await createTestApp({ users: ["alice@example.com", "bob@example.com"] });
const [alice, bob] = t.users;
afterAll(() => t.close());

interface ListBody {
  list: ListDetailDto;
}

const castawayList = {
  name: "  My favourites  ",
  description: "The best of the best",
  tags: ["strategic", "spoiler"],
  items: ["s1-richard-hatch", "s2-colby-donaldson", "s1-richard-hatch"],
};

async function create(user: TestUser, body: unknown) {
  return t.request("/api/lists", { json: body, cookie: user.cookie });
}

describe(`the cap of ${LIMITS.listsPerUser} lists per member`, () => {
  it("holds exactly under concurrent creates at the cap", async () => {
    const hoarder = await t.signUp("racing-hoarder@example.com");
    const base = Date.now() - LIMITS.listsPerUser * 1000;
    await t.database.db.insert(lists).values(
      Array.from({ length: LIMITS.listsPerUser - 1 }, (_, i) => ({
        userId: hoarder.id,
        id: `list_${base + i}`,
        name: `Seeded ${i}`,
      })),
    );
    // Eight saves of the last free place at once (well under the create rate limit).
    const statuses = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const res = await create(hoarder, { name: `Racer ${i}`, items: [] });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const [owned] = await t.database.db
      .select({ n: count() })
      .from(lists)
      .where(eq(lists.userId, hoarder.id));
    expect(Number(owned!.n)).toBe(LIMITS.listsPerUser);
  });
});

describe("creating a list", () => {
  it("saves a castaway list: trimmed name, repeats dropped, automatic tag, public", async () => {
    const res = await create(alice, castawayList);
    expect(res.status).toBe(201);
    const { list } = (await res.json()) as ListBody;
    expect(list.id).toMatch(/^list_\d{13}$/);
    expect(list.userId).toBe(alice.id);
    expect(list.userName).toBe("alice");
    expect(list.name).toBe("My favourites");
    expect(list.kind).toBe("castaways");
    expect(list.tags).toEqual(["strategic", "spoiler", "survivor-ranking"]);
    expect(list.items.map((i) => i.id)).toEqual(["s1-richard-hatch", "s2-colby-donaldson"]);
    expect(list.items[0]).toMatchObject({
      name: "Richard Hatch",
      isSeason: false,
      seasonName: "Survivor: Borneo",
    });
    expect(list.itemCount).toBe(2);
    const read = await t.request(`/api/lists/${alice.id}/${list.id}`);
    expect(read.status).toBe(200);
  });

  it("tags a season list season-ranking", async () => {
    const res = await create(alice, { name: "Seasons", items: ["s20", "s7", "s40"] });
    const { list } = (await res.json()) as ListBody;
    expect(list.kind).toBe("seasons");
    expect(list.tags).toEqual(["season-ranking"]);
    expect(list.items.map((i) => i.isSeason)).toEqual([true, true, true]);
  });

  it("ignores client-sent automatic and unknown tags", async () => {
    const res = await create(alice, {
      name: "Tags",
      tags: ["season-ranking", "bogus", "social"],
      items: ["s3-lex-van-den-berghe"],
    });
    const { list } = (await res.json()) as ListBody;
    expect(list.tags).toEqual(["social", "survivor-ranking"]);
  });

  it.each([
    [{ name: "   " }, "Please enter a name for your list"],
    [{}, "Please enter a name for your list"],
    [{ name: "x".repeat(51) }, "List name must be at most 50 characters."],
    [{ name: "ok", description: "d".repeat(201) }, "Description must be at most 200 characters."],
    [{ name: "ok", items: ["s1", "s1-richard-hatch"] }, "Cannot mix seasons and contestants."],
    [{ name: "ok", items: ["s1-richard-hatch", "s1"] }, "Cannot mix contestants and seasons."],
    [{ name: "ok", items: ["s1-nobody-at-all"] }, "Unknown season or castaway: s1-nobody-at-all"],
    [{ name: "ok", items: ["../etc/passwd"] }, "Unknown season or castaway."],
    [
      { name: "ok", items: Array.from({ length: 1001 }, () => "s1") },
      "A list can hold at most 1000 entries.",
    ],
  ])("refuses %j with %s", async (body, message) => {
    const res = await create(alice, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.message).toBe(message);
  });

  it("accepts the maximum lengths exactly", async () => {
    const res = await create(alice, { name: "n".repeat(50), description: "d".repeat(200) });
    expect(res.status).toBe(201);
  });

  it("refuses visitors with 401", async () => {
    const res = await t.request("/api/lists", { json: castawayList });
    expect(res.status).toBe(401);
  });

  it("gives two lists saved in the same millisecond different ids", async () => {
    const input = { name: "Same ms", description: "", tags: [], items: [] };
    const now = Date.now() + 10_000_000;
    const [a, b] = await Promise.all([
      createList(t.store, bob.id, input, now),
      createList(t.store, bob.id, input, now),
    ]);
    expect(a.id).not.toBe(b.id);
    expect([a.id, b.id].sort()).toEqual([`list_${now}`, `list_${now + 1}`]);
  });
});

describe("saves of one list that cross", () => {
  it("leave its entries exactly its ranking, whichever lands last", async () => {
    const owner = await t.signUp("crossing-saves@example.com");
    const seasons = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
    const made = await createList(t.store, owner.id, {
      name: "Cross",
      description: "",
      tags: [],
      items: seasons(5),
    });
    // Longer and shorter saves at once: a save that read the entries before
    // another's landed would leave that one's extra positions behind.
    await Promise.all(
      [10, 1, 8, 3, 12, 2, 9, 4, 11, 6].map((n) =>
        updateList(t.store, owner.id, owner.id, made.id, {
          name: `Cross ${n}`,
          description: "",
          tags: [],
          items: seasons(n),
        }),
      ),
    );
    const [row] = await t.database.db
      .select({ ranking: lists.ranking, itemCount: lists.itemCount })
      .from(lists)
      .where(and(eq(lists.userId, owner.id), eq(lists.id, made.id)));
    const entries = await t.database.db
      .select({ itemId: listItems.itemId })
      .from(listItems)
      .where(and(eq(listItems.userId, owner.id), eq(listItems.listId, made.id)))
      .orderBy(listItems.position);
    expect(entries.map((e) => e.itemId).join(" ")).toBe(row!.ranking);
    expect(entries).toHaveLength(row!.itemCount);
  });
});

describe("ownership", () => {
  let listId: string;
  beforeAll(async () => {
    const res = await create(alice, { name: "Alice's", items: ["s1"] });
    listId = ((await res.json()) as ListBody).list.id;
  });

  it("lets the owner update a list and keeps it public", async () => {
    const res = await t.request(`/api/lists/${alice.id}/${listId}`, {
      method: "PUT",
      json: { name: "Renamed", items: ["s2", "s1"], tags: ["favorites"] },
      cookie: alice.cookie,
    });
    expect(res.status).toBe(200);
    const { list } = (await res.json()) as ListBody;
    expect(list.name).toBe("Renamed");
    expect(list.items.map((i) => i.id)).toEqual(["s2", "s1"]);
    expect(list.tags).toEqual(["favorites", "season-ranking"]);
    expect(list.viewer.isOwner).toBe(true);
  });

  it("keeps the row's ranking equal to its entries through a create and a save", async () => {
    const rankingOfRow = async (id: string) =>
      (
        await t.database.db
          .select({ ranking: lists.ranking })
          .from(lists)
          .where(and(eq(lists.userId, alice.id), eq(lists.id, id)))
      )[0]?.ranking;
    const created = ((await (await create(alice, castawayList)).json()) as ListBody).list;
    expect(await rankingOfRow(created.id)).toBe("s1-richard-hatch s2-colby-donaldson");
    await t.request(`/api/lists/${alice.id}/${created.id}`, {
      method: "PUT",
      json: { name: "Reordered", items: ["s2-colby-donaldson", "s1-richard-hatch", "s3-ethan-zohn"] },
      cookie: alice.cookie,
    });
    expect(await rankingOfRow(created.id)).toBe("s2-colby-donaldson s1-richard-hatch s3-ethan-zohn");
    // The entries' own rows follow too: longer, shorter, reordered.
    const entryRows = async () =>
      (
        await t.database.db
          .select({ itemId: listItems.itemId, position: listItems.position })
          .from(listItems)
          .where(and(eq(listItems.userId, alice.id), eq(listItems.listId, created.id)))
          .orderBy(listItems.position)
      ).map((r) => `${r.position}:${r.itemId}`);
    for (const items of [
      ["s3-ethan-zohn"],
      ["s2-colby-donaldson", "s3-ethan-zohn", "s1-richard-hatch"],
      ["s1"],
    ]) {
      const res = await t.request(`/api/lists/${alice.id}/${created.id}`, {
        method: "PUT",
        json: { name: "Again", items },
        cookie: alice.cookie,
      });
      expect(res.status).toBe(200);
      expect(await entryRows()).toEqual(items.map((id, i) => `${i}:${id}`));
      expect(await rankingOfRow(created.id)).toBe(items.join(" "));
    }
  });

  it("rewrites only the entries whose place changed when a list is saved", async () => {
    // A member of its own: the others' saves count towards their rate limits.
    const mover = await t.signUp("moves@example.com");
    const created = (
      (await (await create(mover, { name: "Moves", items: ["s1", "s2", "s3", "s4"] })).json()) as ListBody
    ).list;
    // A row's xmin is the transaction that wrote its current version.
    const versions = async () => {
      const result: unknown = await t.database.db.execute(
        sql`SELECT position, item_id AS item, xmin::text AS version FROM list_items
            WHERE user_id = ${mover.id} AND list_id = ${created.id} ORDER BY position`,
      );
      return (result as { rows: { position: number; item: string; version: string }[] }).rows;
    };
    const before = await versions();
    const res = await t.request(`/api/lists/${mover.id}/${created.id}`, {
      method: "PUT",
      json: { name: "Moves", items: ["s1", "s3", "s2", "s4", "s5"] },
      cookie: mover.cookie,
    });
    expect(res.status).toBe(200);
    const after = await versions();
    expect(after.map((r) => `${r.position}:${r.item}`)).toEqual(["0:s1", "1:s3", "2:s2", "3:s4", "4:s5"]);
    const unchanged = after.filter((r, i) => r.version === before[i]?.version).map((r) => r.position);
    expect(unchanged).toEqual([0, 3]);
  });

  it("answers the owner's save of a list that does not exist with 404", async () => {
    const res = await t.request(`/api/lists/${alice.id}/list_1`, {
      method: "PUT",
      json: { name: "Ghost", items: ["s1"] },
      cookie: alice.cookie,
    });
    expect(res.status).toBe(404);
  });

  it("forbids another user to update or delete it (403)", async () => {
    const put = await t.request(`/api/lists/${alice.id}/${listId}`, {
      method: "PUT",
      json: { name: "Hijacked" },
      cookie: bob.cookie,
    });
    expect(put.status).toBe(403);
    const del = await t.request(`/api/lists/${alice.id}/${listId}`, { method: "DELETE", cookie: bob.cookie });
    expect(del.status).toBe(403);
    const { list } = (await (await t.request(`/api/lists/${alice.id}/${listId}`)).json()) as ListBody;
    expect(list.name).toBe("Renamed");
  });

  it("refuses visitors (401) and answers 404 for a missing list", async () => {
    expect((await t.request(`/api/lists/${alice.id}/${listId}`, { method: "DELETE" })).status).toBe(401);
    const missing = await t.request(`/api/lists/${alice.id}/list_1`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(missing.status).toBe(404);
  });

  it("names the failure when reading: user not found, list not found, no lists", async () => {
    const noUser = await t.request(`/api/lists/nobody/${listId}`);
    expect(noUser.status).toBe(404);
    expect(((await noUser.json()) as ErrorBody).error.message).toBe("User not found");
    const noList = await t.request(`/api/lists/${alice.id}/list_42`);
    expect(((await noList.json()) as ErrorBody).error.message).toBe("List not found");
    const carol = await t.signUp("carol@example.com");
    const none = await t.request(`/api/lists/${carol.id}/list_42`);
    expect(((await none.json()) as ErrorBody).error.message).toBe("No lists found for this user");
  });

  it("lets the owner delete it", async () => {
    const del = await t.request(`/api/lists/${alice.id}/${listId}`, {
      method: "DELETE",
      cookie: alice.cookie,
    });
    expect(del.status).toBe(204);
    expect((await t.request(`/api/lists/${alice.id}/${listId}`)).status).toBe(404);
  });
});

describe("my lists", () => {
  it("lists own lists newest-updated first with the top 3 entries", async () => {
    const dave = await t.signUp("dave@example.com");
    const first = (
      (await (await create(dave, { name: "First", items: ["s1", "s2", "s3", "s4"] })).json()) as ListBody
    ).list;
    await create(dave, { name: "Second", items: [] });
    await t.request(`/api/lists/${dave.id}/${first.id}`, {
      method: "PUT",
      json: { name: "First again", items: ["s4", "s3", "s2", "s1"] },
      cookie: dave.cookie,
    });
    const res = await t.request("/api/me/lists", { cookie: dave.cookie });
    const { lists } = (await res.json()) as {
      lists: { name: string; itemCount: number; preview: { id: string }[] }[];
    };
    expect(lists.map((l) => l.name)).toEqual(["First again", "Second"]);
    expect(lists[0]!.itemCount).toBe(4);
    expect(lists[0]!.preview.map((p) => p.id)).toEqual(["s4", "s3", "s2"]);
    expect(lists[1]!.preview).toEqual([]);
  });
});

describe("list names and descriptions under the shared text rule (docs/product.md, Names and texts)", () => {
  it("removes zero-width and bidirectional characters, and refuses control characters", async () => {
    const res = await create(alice, {
      name: "\u202EBest\u200B of\u2066 all\u2069\u200F",
      description: "\u2067Line one\u200B\nline two\u202C 👩‍💻",
      items: ["s1"],
    });
    expect(res.status).toBe(201);
    const { list } = (await res.json()) as ListBody;
    expect(list).toMatchObject({ name: "Best of all", description: "Line one\nline two 👩‍💻" });
    const refusals: [unknown, string][] = [
      [{ name: "\u200B\u2060\uFEFF", items: [] }, LIST_MESSAGES.nameRequired],
      [{ name: "Ring\u0007", items: [] }, LIST_MESSAGES.nameControl],
      [{ name: "Two\nlines", items: [] }, LIST_MESSAGES.nameControl],
      [{ name: "Fine", description: "Clear\u001B[2J", items: [] }, LIST_MESSAGES.descriptionControl],
    ];
    for (const [body, message] of refusals) {
      const refused = await create(alice, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(((await refused.json()) as ErrorBody).error.message).toBe(message);
    }
    const edited = await t.request(`/api/lists/${alice.id}/${list.id}`, {
      method: "PUT",
      json: { name: "Edited\u001B", items: ["s1"] },
      cookie: alice.cookie,
    });
    expect(edited.status).toBe(400);
  });
});

describe("list pages asked for at the same moment", () => {
  it("each get their own list and their own reader's flags, and a missing one its 404", async () => {
    // A member of its own: the tests above spend alice's creates.
    const owner = await t.signUp("read-together@example.com");
    const res = await create(owner, { name: "Read together", items: ["s1-richard-hatch"] });
    expect(res.status).toBe(201);
    const { list } = (await res.json()) as ListBody;
    const path = `/api/lists/${owner.id}/${list.id}`;
    const upvote = await t.request(`${path}/upvote`, { method: "POST", cookie: bob.cookie });
    expect(upvote.status).toBe(200);
    // One batch (batchedRead gathers what arrives within a turn): bob upvoted, the owner did not, a visitor.
    const answers = await Promise.all([
      t.request(path, { cookie: bob.cookie }),
      t.request(path, { cookie: owner.cookie }),
      t.request(path),
      t.request(`/api/lists/${owner.id}/list_1`, { cookie: bob.cookie }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 404]);
    const [forBob, forOwner, forVisitor] = (await Promise.all(
      answers.slice(0, 3).map((a) => a.json()),
    )) as ListBody[];
    expect(forBob!.list.viewer).toEqual({ isOwner: false, upvoted: true, favorited: false });
    expect(forOwner!.list.viewer).toEqual({ isOwner: true, upvoted: false, favorited: false });
    expect(forVisitor!.list.viewer).toEqual({ isOwner: false, upvoted: false, favorited: false });
    expect(forBob!.list.name).toBe("Read together");
    expect(forBob!.list.upvoteCount).toBe(1);
  });
});
