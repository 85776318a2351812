import { afterAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "#server/http/errors.ts";
import { createTestApp, TEST_PASSWORD, type TestUser } from "#testing/test-app.ts";
import { lists } from "#server/db/schema/index.ts";
import { LIMITS } from "#shared/limits.ts";
import { LIST_MESSAGES } from "#shared/lists.ts";
import { PROFILE_MESSAGES } from "#shared/profile.ts";
import { drawIdol, IDOL_DRAW_LIMIT } from "./profiles.service.ts";

const t = await createTestApp({ users: ["alice@example.com", "bob@example.com"] });
const [alice, bob] = t.users;
afterAll(() => t.close());

interface Profile {
  name: string;
  idolsFound: number;
  listCount: number;
  totalUpvotes: number;
  mostRanked: { id: string; name: string; count: number } | null;
}

const rename = (user: TestUser | null, displayName: unknown) =>
  t.request("/api/me/profile", { method: "PATCH", json: { displayName }, cookie: user?.cookie });

describe("changing the username", () => {
  it("trims and saves, and every list shows the new name", async () => {
    const created = await t.request("/api/lists", {
      json: { name: "L", items: ["s1"] },
      cookie: alice.cookie,
    });
    const { list } = (await created.json()) as { list: { id: string } };
    const res = await rename(alice, "  Queen Sandra ");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ displayName: "Queen Sandra" });
    const read = (await (await t.request(`/api/lists/${alice.id}/${list.id}`)).json()) as {
      list: { userName: string };
    };
    expect(read.list.userName).toBe("Queen Sandra");
    const session = (await (await t.request("/api/auth/get-session", { cookie: alice.cookie })).json()) as {
      user: { name: string };
    };
    expect(session.user.name).toBe("Queen Sandra");
  });

  it.each([
    ["   ", 400, "Username cannot be empty"],
    ["", 400, "Username cannot be empty"],
    ["x".repeat(31), 400, "Username must be at most 30 characters."],
    ["queen SANDRA", 409, "This username is already taken (case-insensitive match). Please choose another."],
  ])("refuses %j", async (name, status, message) => {
    const res = await rename(bob, name);
    expect(res.status).toBe(status);
    expect(((await res.json()) as ErrorBody).error.message).toBe(message);
  });

  it("lets a user change the case of their own name", async () => {
    expect((await rename(alice, "queen sandra")).status).toBe(200);
  });

  it("accepts exactly 30 characters and refuses visitors", async () => {
    expect((await rename(bob, "b".repeat(30))).status).toBe(200);
    expect((await rename(null, "visitor")).status).toBe(401);
  });
});

describe("usernames under the shared text rule (docs/product.md, Names and texts)", () => {
  const taken = PROFILE_MESSAGES.usernameTaken;
  const nameOf = async (user: TestUser) =>
    ((await (await t.request("/api/me/profile", { cookie: user.cookie })).json()) as { profile: Profile })
      .profile.name;

  it("counts a taken name with invisible characters as taken, on rename (409) and sign-up (numbered)", async () => {
    const owner = await t.signUp("twin@example.com");
    const other = await t.signUp("other-twin@example.com");
    for (const lookAlike of ["twin\u200B", "TWIN\u2060", "\u202Etwin", "tw\u200Din\uFEFF"]) {
      const res = await rename(other, lookAlike);
      expect(res.status, JSON.stringify(lookAlike)).toBe(409);
      expect(((await res.json()) as ErrorBody).error.message).toBe(taken);
    }
    // A sign-up asking for a taken name gets the next free one, as a plain duplicate does.
    expect((await t.signUp("twin@two.example", undefined, "twin\u200B")).name).toBe("twin2");
    expect((await t.signUp("twin@three.example", undefined, "\u200Ftwin")).name).toBe("twin3");
    expect(await nameOf(owner)).toBe("twin");
  });

  it("stores names cleaned, and refuses control characters such as ESC and BEL", async () => {
    const stealth = await t.signUp("stealth@example.com");
    const res = await rename(stealth, " Bo\u200Bb\u00A0\u00A0Ste\u0301alth\u202E ");
    expect(await res.json()).toEqual({ displayName: "Bob Stéalth" });
    for (const name of ["Bob\u001B[31m", "Bell\u0007", "Two\nLines", "Tab\tName", "C1\u009B"]) {
      const refused = await rename(stealth, name);
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(((await refused.json()) as ErrorBody).error.message).toBe(PROFILE_MESSAGES.usernameControl);
    }
    expect((await rename(stealth, "\u200B\u200C")).status).toBe(400);
    expect(await nameOf(stealth)).toBe("Bob Stéalth");
    const signUp = await t.request("/api/auth/sign-up/email", {
      json: { email: "escape@example.com", password: TEST_PASSWORD, name: "Esc\u001Bape" },
    });
    expect(signUp.status).toBe(400);
    expect(((await signUp.json()) as { message: string }).message).toBe(PROFILE_MESSAGES.usernameControl);
  });
});

describe("profile stats", () => {
  it("counts lists, upvotes and the most-ranked castaway (ties alphabetical)", async () => {
    const carol = await t.signUp("carol@example.com");
    const save = (items: string[]) =>
      t.request("/api/lists", { json: { name: "x", items }, cookie: carol.cookie });
    await save(["s1-richard-hatch", "s2-colby-donaldson", "s1-sonja-christopher"]);
    // The same person in a later season counts as the same person, named by the earliest.
    await save(["s20-colby-donaldson", "s1-richard-hatch"]);
    await save(["s1", "s2"]);
    const mine = (await (await t.request("/api/me/profile", { cookie: carol.cookie })).json()) as {
      profile: Profile;
    };
    expect(mine.profile).toMatchObject({ listCount: 3, totalUpvotes: 0, idolsFound: 0 });
    // Colby and Richard both appear twice: alphabetically Colby wins.
    expect(mine.profile.mostRanked).toEqual({ id: "s2-colby-donaldson", name: "Colby Donaldson", count: 2 });
    const pub = (await (await t.request(`/api/users/${carol.id}`)).json()) as {
      profile: Profile;
      lists: unknown[];
    };
    expect(pub.profile.name).toBe("carol");
    expect(pub.lists).toHaveLength(3);
  });

  it("marks the reader's favourites and upvotes on a profile's cards", async () => {
    const owner = await t.signUp("profiled@example.com");
    const res = await t.request("/api/lists", { json: { name: "P", items: ["s5"] }, cookie: owner.cookie });
    const { list } = (await res.json()) as { list: { id: string } };
    await t.request(`/api/lists/${owner.id}/${list.id}/favorite`, { method: "POST", cookie: bob.cookie });
    const read = async (cookie?: string) =>
      (
        (await (await t.request(`/api/users/${owner.id}`, { cookie })).json()) as {
          lists: { viewer: { favorited: boolean; upvoted: boolean } }[];
        }
      ).lists[0]!.viewer;
    expect(await read(bob.cookie)).toEqual({ favorited: true, upvoted: false });
    expect(await read()).toEqual({ favorited: false, upvoted: false });
  });

  it("answers 'User profile not found.' for an unknown user", async () => {
    const res = await t.request("/api/users/nobody-here");
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.message).toBe("User profile not found.");
  });
});

describe("idol draws", () => {
  it("grants an idol on a winning draw only, on the server", async () => {
    const db = t.database.db;
    expect(await drawIdol(db, bob.id, () => 0.5)).toEqual({ found: false, idolsFound: 0 });
    expect(await drawIdol(db, bob.id, () => 0.01)).toEqual({ found: true, idolsFound: 1 });
    expect(await drawIdol(db, bob.id, () => 0.0499)).toEqual({ found: true, idolsFound: 2 });
    expect(await drawIdol(db, bob.id, () => 0.05)).toEqual({ found: false, idolsFound: 2 });
  });

  it("is rate-limited per user and needs a session", async () => {
    const dan = await t.signUp("dan@example.com");
    let last = 200;
    for (let i = 0; i <= IDOL_DRAW_LIMIT.max; i++) {
      last = (await t.request("/api/me/idol-draws", { method: "POST", cookie: dan.cookie })).status;
    }
    expect(last).toBe(429);
    expect((await t.request("/api/me/idol-draws", { method: "POST" })).status).toBe(401);
    // A client cannot set its count through sign-up or update-user either.
    const res = await t.request("/api/auth/update-user", { json: { idolsFound: 99 }, cookie: dan.cookie });
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});

describe("drafts", () => {
  it("saves, merges, reads and clears the user's draft", async () => {
    expect(await (await t.request("/api/me/draft", { cookie: bob.cookie })).json()).toEqual({ draft: null });
    const put = await t.request("/api/me/draft", {
      method: "PUT",
      json: { name: "Work in progress", items: ["s1", "s2"], tags: ["social"] },
      cookie: bob.cookie,
    });
    expect(put.status).toBe(200);
    await t.request("/api/me/draft", {
      method: "PUT",
      json: { name: "WIP 2", items: ["s3"] },
      cookie: bob.cookie,
    });
    const { draft } = (await (await t.request("/api/me/draft", { cookie: bob.cookie })).json()) as {
      draft: { name: string; items: string[]; description: string };
    };
    expect(draft).toMatchObject({ name: "WIP 2", items: ["s3"], description: "" });
    expect(
      (await t.request("/api/me/draft", { cookie: alice.cookie }).then((r) => r.json())) as object,
    ).toEqual({
      draft: null,
    });
    expect((await t.request("/api/me/draft", { method: "DELETE", cookie: bob.cookie })).status).toBe(204);
    expect(await (await t.request("/api/me/draft", { cookie: bob.cookie })).json()).toEqual({ draft: null });
  });

  it("refuses oversized drafts and visitors", async () => {
    const res = await t.request("/api/me/draft", {
      method: "PUT",
      json: { name: "x".repeat(51) },
      cookie: bob.cookie,
    });
    expect(res.status).toBe(400);
    expect((await t.request("/api/me/draft")).status).toBe(401);
  });
});

describe("a profile's lists come 12 to a page", () => {
  /** `n` public lists written straight to the table (the API would take long and trip its limits). */
  async function seedLists(userId: string, n: number) {
    const base = Date.now() - n * 1000;
    await t.database.db.insert(lists).values(
      Array.from({ length: n }, (_, i) => ({
        userId,
        id: `list_${base + i}`,
        name: `Seeded ${i}`,
        updatedAt: new Date(base + i * 1000),
      })),
    );
  }
  type Page = { lists: { name: string }[]; page: number; pageCount: number; total: number };
  const page = async (userId: string, query = "") =>
    (await (await t.request(`/api/users/${userId}${query}`)).json()) as Page;

  it("pages newest-updated first, with browse's shape and clamping", async () => {
    const many = await t.signUp("many-lists@example.com");
    await seedLists(many.id, 25);
    const first = await page(many.id);
    expect(first).toMatchObject({ page: 1, pageCount: 3, total: 25 });
    expect(first.lists).toHaveLength(12);
    expect(first.lists[0]!.name).toBe("Seeded 24");
    const third = await page(many.id, "?page=3");
    expect(third.lists.map((l) => l.name)).toEqual(["Seeded 0"]);
    for (const q of ["?page=999999999", "?page=100000", "?page=1e40"]) {
      expect((await page(many.id, q)).page, q).toBe(3);
    }
    for (const q of ["?page=0", "?page=-2", "?page=abc"]) {
      expect((await page(many.id, q)).page, q).toBe(1);
    }
  });

  it(`caps lists per user at ${LIMITS.listsPerUser} with a clear 409`, async () => {
    const hoarder = await t.signUp("hoarder@example.com");
    await seedLists(hoarder.id, LIMITS.listsPerUser);
    const res = await t.request("/api/lists", {
      json: { name: "One more", items: [] },
      cookie: hoarder.cookie,
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toBe(LIST_MESSAGES.tooManyLists);
  });
});
