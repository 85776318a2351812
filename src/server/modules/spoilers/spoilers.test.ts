import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "#server/http/errors.ts";
import { listItems, lists, user } from "#server/db/schema/index.ts";
import { createTestApp, type TestUser } from "#testing/test-app.ts";

// The spoiler horizon through the whole server (docs/product.md, "Spoiler
// horizon"): a member's answers come with castaways past it hidden, after the
// caches; everyone else, and a reveal, get them whole.

const clientDir = mkdtempSync(join(tmpdir(), "sr-client-"));
copyFileSync(new URL("../../../client/index.html", import.meta.url), join(clientDir, "index.html"));
const t = await createTestApp({
  users: ["author@example.com", "watcher@example.com", "bystander@example.com"],
  clientDir,
  consensus: { debounceMs: 3_600_000, retryMs: 3_600_000 },
});
const [author, watcher, bystander] = t.users;
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const EARLY = "s1-richard-hatch";
const LATE = "s45-austin-li-coon";
const LATER = "s49-alex-moore";
const HORIZON = { upTo: 30 };

const setHorizon = (member: TestUser | null, body: unknown) =>
  t.request("/api/me/spoiler-horizon", { method: "PUT", json: body, cookie: member?.cookie });

async function read(path: string, member: TestUser | null) {
  const res = await t.request(path, { cookie: member?.cookie });
  expect(res.status, path).toBe(200);
  return res.text();
}

let listId: string;
let lateName: string;
beforeAll(async () => {
  const created = await t.request("/api/lists", {
    json: { name: "Best of all time", items: [EARLY, LATE, LATER] },
    cookie: author.cookie,
  });
  expect(created.status).toBe(201);
  const { list } = (await created.json()) as { list: { id: string; items: { name: string }[] } };
  listId = list.id;
  lateName = list.items[1]!.name;
  // The watcher favourites it, so it shows among their favourites too.
  expect(
    (
      await t.request(`/api/lists/${author.id}/${listId}/favorite`, {
        method: "POST",
        cookie: watcher.cookie,
      })
    ).status,
  ).toBe(200);
  expect((await setHorizon(watcher, { horizon: HORIZON })).status).toBe(200);
});

describe("PUT /api/me/spoiler-horizon", () => {
  it("stores a horizon on the member's session and clears it with null", async () => {
    const member = await t.signUp("setter@example.com");
    const sessionHorizon = async () =>
      (
        (await (await t.request("/api/auth/get-session", { cookie: member.cookie })).json()) as {
          user: { spoilerHorizon: string | null };
        }
      ).user.spoilerHorizon;
    const res = await setHorizon(member, { horizon: { seasons: [3, 1, 3, 2] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ horizon: { seasons: [1, 2, 3] } });
    expect(JSON.parse((await sessionHorizon())!)).toEqual({ seasons: [1, 2, 3] });
    expect((await setHorizon(member, { horizon: { upTo: 0 } })).status).toBe(200);
    expect(JSON.parse((await sessionHorizon())!)).toEqual({ upTo: 0 });
    expect((await setHorizon(member, { horizon: null })).status).toBe(200);
    expect(await sessionHorizon()).toBeNull();
  });

  it("refuses visitors with 401", async () => {
    expect((await setHorizon(null, { horizon: HORIZON })).status).toBe(401);
  });

  it.each([
    [{}],
    [{ horizon: { upTo: -1 } }],
    [{ horizon: { upTo: 1.5 } }],
    [{ horizon: { upTo: "30" } }],
    [{ horizon: { upTo: 201 } }],
    [{ horizon: { seasons: [0] } }],
    [{ horizon: { seasons: "1,2" } }],
    [{ horizon: { upTo: 3, seasons: [1] } }],
    [{ horizon: HORIZON, extra: true }],
    [{ horizon: { seasons: Array.from({ length: 201 }, (_, i) => (i % 50) + 1) } }],
    [[1, 2]],
  ])("answers 400 to %j", async (body) => {
    const res = await setHorizon(bystander, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe("VALIDATION_FAILED");
  });

  it("answers 413 to an oversized body", async () => {
    const res = await setHorizon(bystander, { horizon: { seasons: [1] }, pad: "x".repeat(70_000) });
    expect(res.status).toBe(413);
  });
});

/** Every read that shows castaways, with the list above in it. */
const READS = () => [
  `/api/lists/${author.id}/${listId}`,
  "/api/browse",
  "/api/home",
  `/api/users/${author.id}`,
];

describe("a member with a horizon", () => {
  it.each(["list", "browse", "home", "profile"])("gets castaways past it hidden: %s", async (which) => {
    const path = READS()[["list", "browse", "home", "profile"].indexOf(which)]!;
    const text = await read(path, watcher);
    expect(text).toContain('"hidden":true,"season":45');
    expect(text).not.toContain(LATE);
    expect(text).not.toContain(lateName);
    // Inside the horizon: whole.
    expect(text).toContain(EARLY);
  });

  it("gets the list page's entries in place: the early one whole, the later ones as their season only", async () => {
    const body = JSON.parse(await read(`/api/lists/${author.id}/${listId}`, watcher)) as {
      list: { items: unknown[] };
    };
    expect(body.list.items[0]).toMatchObject({ id: EARLY });
    expect(body.list.items.slice(1)).toEqual([
      { hidden: true, season: 45 },
      { hidden: true, season: 49 },
    ]);
  });

  it("gets a profile's Most Ranked hidden when its person's first season is past it", async () => {
    // One of each on the author's list: the tie goes to the first name, Alex Moore of season 49.
    const profileOf = async (member: TestUser | null, query = "") =>
      (
        JSON.parse(await read(`/api/users/${author.id}${query}`, member)) as {
          profile: { mostRanked: unknown };
        }
      ).profile.mostRanked;
    expect(await profileOf(watcher)).toEqual({ hidden: true, season: 49, count: 1 });
    expect(await profileOf(watcher, "?spoilers=show")).toEqual({ id: LATER, name: "Alex Moore", count: 1 });
    expect(await profileOf(bystander)).toEqual({ id: LATER, name: "Alex Moore", count: 1 });
  });

  it("gets their favourites hidden too", async () => {
    const text = await read("/api/me/favorites", watcher);
    expect(text).toContain(listId);
    expect(text).not.toContain(LATE);
  });

  it("gets everything whole with ?spoilers=show", async () => {
    for (const path of READS()) {
      const text = await read(`${path}${path.includes("?") ? "&" : "?"}spoilers=show`, watcher);
      expect(text, path).toContain(LATE);
      expect(text, path).not.toContain('"hidden":true');
    }
  });

  it("sees their own lists whole", async () => {
    expect((await setHorizon(author, { horizon: { upTo: 1 } })).status).toBe(200);
    try {
      expect(await read(`/api/lists/${author.id}/${listId}`, author)).toContain(LATE);
    } finally {
      await setHorizon(author, { horizon: null });
    }
  });

  it("sees a list inside the horizon untouched", async () => {
    const created = await t.request("/api/lists", {
      json: { name: "Early days", items: [EARLY, "s2-colby-donaldson"] },
      cookie: bystander.cookie,
    });
    const { list } = (await created.json()) as { list: { id: string } };
    const path = `/api/lists/${bystander.id}/${list.id}`;
    expect(await read(path, watcher)).toBe(await read(path, null));
  });

  it("sees a cleared horizon at once", async () => {
    const member = await t.signUp("changer@example.com");
    const path = `/api/lists/${author.id}/${listId}`;
    await setHorizon(member, { horizon: { seasons: [1, 45] } });
    const text = await read(path, member);
    expect(text).toContain(LATE);
    expect(text).toContain('"hidden":true,"season":49');
    await setHorizon(member, { horizon: null });
    expect(await read(path, member)).toBe(await read(path, null));
  });
});

describe("everyone else", () => {
  it("another member and a visitor get the same answers whole", async () => {
    for (const path of READS()) {
      for (const reader of [bystander, null]) {
        const text = await read(path, reader);
        expect(text, path).toContain(LATE);
        expect(text, path).not.toContain('"hidden":true');
      }
    }
  });
});

describe("Global Rankings and Community Consensus", () => {
  it("hide a later season's top 10, in the summary and the category, and show it on a reveal", async () => {
    const slots = [LATER, "s49-annie-davis", ...Array<null>(8).fill(null)];
    const res = await t.request("/api/global-rankings/season-49/submission", {
      method: "PUT",
      json: { slots },
      cookie: bystander.cookie,
    });
    expect(res.status).toBe(200);
    for (const path of ["/api/global-rankings", "/api/global-rankings/season-49"]) {
      const hidden = await read(path, watcher);
      expect(hidden, path).toContain('"hidden":true,"season":49');
      expect(hidden, path).not.toContain(LATER);
      expect(await read(path, bystander), path).toContain(LATER);
      expect(await read(`${path}?spoilers=show`, watcher), path).toContain(LATER);
    }
  });

  it("keep the member's own vote whole", async () => {
    const member = await t.signUp("voter@example.com");
    await t.request("/api/global-rankings/season-49/submission", {
      method: "PUT",
      json: { slots: [LATER, ...Array<null>(9).fill(null)] },
      cookie: member.cookie,
    });
    await setHorizon(member, { horizon: HORIZON });
    const body = JSON.parse(await read("/api/global-rankings/season-49", member)) as {
      mine: { slots: (string | null)[] } | null;
    };
    expect(JSON.stringify(body.mine)).toContain(LATER);
  });

  it("hide the consensus's later castaways, shared answer and all, and show them on a reveal", async () => {
    const { db } = t.database;
    const members = Array.from({ length: 6 }, (_, i) => `spoil-${i}`);
    await db.insert(user).values(members.map((id) => ({ id, name: id, email: `${id}@example.com` })));
    await db.insert(lists).values(
      members.map((id) => ({
        userId: id,
        id: `list_${id}`,
        name: "L",
        kind: "castaways" as const,
        itemCount: 3,
      })),
    );
    await db.insert(listItems).values(
      members.flatMap((id) =>
        [EARLY, LATE, LATER].map((itemId, position) => ({
          userId: id,
          listId: `list_${id}`,
          position,
          itemId,
        })),
      ),
    );
    await t.app.deps.consensus!.refreshNow();
    const path = "/api/consensus/castaways/all";
    const whole = await read(path, null);
    expect(whole).toContain(LATE);
    const hidden = await read(path, watcher);
    expect(hidden).toContain('"hidden":true,"season":45');
    expect(hidden).not.toContain(LATE);
    expect(hidden).toContain(EARLY);
    // The shared bytes are still whole for the next reader.
    expect(await read(path, null)).toBe(whole);
    expect(await read(`${path}?spoilers=show`, watcher)).toBe(whole);
  });
});

describe("what is made for others never hides", () => {
  it("a list page's link preview names the later castaways to a member with a horizon", async () => {
    const html = await read(`/list/${author.id}/${listId}`, watcher);
    expect(html).toContain(lateName);
  });

  it("a list's share picture is the same picture for a member with a horizon", async () => {
    const path = `/api/lists/${author.id}/${listId}/share?layout=classic&size=preview`;
    const asVisitor = await t.request(path);
    const asWatcher = await t.request(path, { cookie: watcher.cookie });
    expect(asWatcher.status).toBe(200);
    expect(asWatcher.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await asWatcher.arrayBuffer()).equals(Buffer.from(await asVisitor.arrayBuffer())),
    ).toBe(true);
  });
});
