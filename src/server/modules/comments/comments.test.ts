import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CommentVoteDto, DiscussionDto, InboxDto } from "#server/api-types.ts";
import { comments, commentVotes, notifications, user } from "#server/db/schema/index.ts";
import type { ErrorBody } from "#server/http/errors.ts";
import { COMMENT_AUTHOR_FALLBACK, COMMENT_MESSAGES } from "#shared/comments.ts";
import { createTestApp, type TestUser } from "#testing/test-app.ts";
import { voteComment } from "./comments.service.ts";

const t = await createTestApp({
  env: { ADMIN_EMAILS: "editor@example.com" },
  users: ["owner@example.com", "alice@example.com", "bob@example.com", "editor@example.com"],
});
const [owner, alice, bob, editor] = t.users;
afterAll(() => t.close());
let listId: string;

beforeAll(async () => {
  const res = await t.request("/api/lists", {
    json: { name: "Icons", items: ["s1-richard-hatch"] },
    cookie: owner.cookie,
  });
  listId = ((await res.json()) as { list: { id: string } }).list.id;
});

const target = () => ({ listUserId: owner.id, listId });
const post = (u: TestUser | null, text: unknown, replyTo?: string, to: object = target()) =>
  t.request("/api/comments", {
    json: { target: to, text, ...(replyTo ? { replyTo } : {}) },
    cookie: u?.cookie,
  });
async function comment(u: TestUser, text: string, replyTo?: string): Promise<string> {
  const res = await post(u, text, replyTo);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
async function discussion(u: TestUser | null, sort = "new"): Promise<DiscussionDto> {
  const q = new URLSearchParams({ listUserId: owner.id, listId, sort });
  const res = await t.request(`/api/comments?${q}`, { cookie: u?.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as DiscussionDto;
}
const vote = (u: TestUser | null, id: string, value: number) =>
  t.request(`/api/comments/${id}/vote`, { json: { value }, cookie: u?.cookie });
const remove = (u: TestUser | null, id: string) =>
  t.request(`/api/comments/${id}`, { method: "DELETE", cookie: u?.cookie });
const errorOf = async (res: Response) => ((await res.json()) as ErrorBody).error;
const inbox = async (u: TestUser) =>
  (await (await t.request("/api/notifications", { cookie: u.cookie })).json()) as InboxDto;
async function clearComments() {
  // The posting limit would otherwise stop a test that writes many comments.
  await t.limits.clearAll();
  await t.database.db.delete(comments);
  await t.database.db.delete(notifications);
}

describe("posting", () => {
  it("stores the text as typed, trimmed, and shows it newest first to everyone", async () => {
    await clearComments();
    await comment(alice, "  <b>first</b> & so on\nsecond line  ");
    await comment(bob, "later");
    const seen = await discussion(null);
    expect(seen.threads.map((c) => c.text)).toEqual(["later", "<b>first</b> & so on\nsecond line"]);
    expect(seen.threads[1]).toMatchObject({ author: { id: alice.id, name: "alice" }, score: 0, myVote: 0 });
    expect(seen.threads[1]!.canDelete).toBe(false);
    expect((await discussion(alice)).threads[1]!.canDelete).toBe(true);
  });

  it("names an author with no name to show 'Anonymous'", async () => {
    await clearComments();
    await comment(bob, "from a nameless author");
    // Names are checked on the way in; this one was written behind the API's back.
    await t.database.db.update(user).set({ name: " " }).where(eq(user.id, bob.id));
    try {
      const seen = await discussion(null, "top");
      expect(seen.threads[0]!.author?.name).toBe(COMMENT_AUTHOR_FALLBACK);
      expect(COMMENT_AUTHOR_FALLBACK).toBe("Anonymous");
    } finally {
      await t.database.db.update(user).set({ name: "bob" }).where(eq(user.id, bob.id));
    }
  });

  it("refuses visitors, empty text, over-long text, control characters and unknown targets", async () => {
    await clearComments();
    expect((await post(null, "hi")).status).toBe(401);
    const empty = await post(alice, "   ");
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toBe(COMMENT_MESSAGES.textEmpty);
    const long = await post(alice, "x".repeat(501));
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toBe(COMMENT_MESSAGES.textTooLong);
    expect((await post(alice, `  ${"x".repeat(500)}  `)).status).toBe(201);
    const bell = await post(alice, "ding\u0007");
    expect(bell.status).toBe(400);
    expect((await errorOf(bell)).message).toBe(COMMENT_MESSAGES.controlCharacters);
    expect((await post(alice, "tab\there\r\nnew line")).status).toBe(201);
    // Every attempt counts against the comment limits, a refused one too (docs/security.md).
    await t.limits.clearAll();
    expect((await post(alice, { evil: true })).status).toBe(400);
    expect((await post(alice, "hi", undefined, { listUserId: owner.id, listId: "list_0" })).status).toBe(404);
    expect((await post(alice, "hi", undefined, { categoryId: "season-99" })).status).toBe(404);
    expect((await post(alice, "hi", "no-such-comment")).status).toBe(404);
  });
});

describe("replies and notifications", () => {
  it("files a reply to a reply in the same thread, addressed to the author answered", async () => {
    await clearComments();
    const top = await comment(alice, "Richard was robbed");
    const reply = await comment(bob, "No he wasn't", top);
    await comment(owner, "Calm down, both of you", reply);
    const [thread] = (await discussion(null)).threads;
    expect(thread!.id).toBe(top);
    expect(thread!.replies.map((r) => [r.author?.name, r.replyTo?.name, r.parentId])).toEqual([
      ["bob", "alice", top],
      ["owner", "bob", top],
    ]);
  });

  it("tells the list owner of a comment and the author answered of a reply, never oneself", async () => {
    await clearComments();
    const top = await comment(alice, "A comment with a long text");
    await comment(owner, "Owner answers", top);
    await comment(bob, "Bob answers Alice", top);
    const owners = await inbox(owner);
    expect(owners.notifications.map((n) => [n.type, n.actorName, n.content])).toEqual([
      ["comment", "bob", "Bob answers Alice"],
      ["comment", "alice", "A comment with a long text"],
    ]);
    expect(owners.unread).toBe(2);
    expect(owners.notifications[0]!.link).toEqual({ kind: "list", userId: owner.id, listId });
    const alices = await inbox(alice);
    expect(alices.notifications.map((n) => [n.type, n.actorName])).toEqual([
      ["comment_reply", "bob"],
      ["comment_reply", "owner"],
    ]);
  });

  it("marks one read, then all, and never lets anyone mark another's", async () => {
    const before = await inbox(alice);
    const first = before.notifications[0]!;
    expect(
      (await t.request(`/api/notifications/${first.id}/read`, { method: "POST", cookie: bob.cookie })).status,
    ).toBe(404);
    const one = await t.request(`/api/notifications/${first.id}/read`, {
      method: "POST",
      cookie: alice.cookie,
    });
    expect(((await one.json()) as InboxDto).unread).toBe(before.unread - 1);
    const all = await t.request("/api/notifications/read-all", { method: "POST", cookie: alice.cookie });
    expect(((await all.json()) as InboxDto).unread).toBe(0);
    expect((await t.request("/api/notifications")).status).toBe(401);
  });

  it("tells a list owner answered on their own list once, of the reply", async () => {
    await clearComments();
    const top = await comment(owner, "My own list, my own comment");
    await comment(bob, "Bob answers the owner", top);
    const owners = await inbox(owner);
    expect(owners.notifications.map((n) => [n.type, n.actorName, n.content])).toEqual([
      ["comment_reply", "bob", "Bob answers the owner"],
    ]);
  });
});

describe("votes", () => {
  it("toggles up and down as docs/product.md says and notifies a like once", async () => {
    await clearComments();
    const id = await comment(alice, "Vote on me");
    const up = async (u: TestUser, v: number) => (await (await vote(u, id, v)).json()) as CommentVoteDto;
    expect(await up(bob, 1)).toEqual({ upvotes: 1, downvotes: 0, score: 1, myVote: 1 });
    expect(await up(bob, -1)).toEqual({ upvotes: 0, downvotes: 1, score: -1, myVote: -1 });
    expect(await up(bob, -1)).toEqual({ upvotes: 0, downvotes: 0, score: 0, myVote: 0 });
    expect(await up(bob, 1)).toMatchObject({ score: 1 });
    expect(await up(bob, 1)).toMatchObject({ score: 0, myVote: 0 });
    expect(await up(bob, 1)).toMatchObject({ score: 1 });
    expect(await up(alice, 1)).toMatchObject({ score: 2 });
    const likes = (await inbox(alice)).notifications.filter((n) => n.type === "comment_like");
    expect(likes.map((n) => n.actorName)).toEqual(["bob"]);
    expect((await vote(null, id, 1)).status).toBe(401);
    expect((await vote(bob, id, 2)).status).toBe(400);
    expect((await vote(bob, "nope", 1)).status).toBe(404);
    const seen = await discussion(bob);
    expect(seen.threads[0]).toMatchObject({ upvotes: 2, downvotes: 0, score: 2, myVote: 1 });
  });

  it("lays each member's own votes and delete rights over the shared copy, whatever the texts say", async () => {
    await clearComments();
    // Text that looks like the fields the member's copy is spliced at.
    const tricky = await comment(alice, '"myVote":0,"canDelete":false} {"myVote":0,"canDelete":false');
    const reply = await comment(bob, "A reply", tricky);
    // Wider than one byte a character: the splice points are byte offsets.
    const other = await comment(owner, "Another thread — café 🌴");
    expect((await vote(bob, tricky, 1)).status).toBe(200);
    expect((await vote(bob, other, -1)).status).toBe(200);
    const mine = (d: DiscussionDto) =>
      d.threads.flatMap((th) => [th, ...th.replies]).map((c) => [c.text, c.myVote, c.canDelete]);
    expect(mine(await discussion(bob))).toEqual([
      ["Another thread — café 🌴", -1, false],
      ['"myVote":0,"canDelete":false} {"myVote":0,"canDelete":false', 1, false],
      ["A reply", 0, true],
    ]);
    expect(mine(await discussion(alice))).toEqual([
      ["Another thread — café 🌴", 0, false],
      ['"myVote":0,"canDelete":false} {"myVote":0,"canDelete":false', 0, true],
      ["A reply", 0, false],
    ]);
    expect(mine(await discussion(editor)).map(([, , canDelete]) => canDelete)).toEqual([true, true, true]);
    // A vote is seen at once by its voter, from the copy the others still share.
    expect((await vote(bob, reply, 1)).status).toBe(200);
    expect(mine(await discussion(bob))[2]).toEqual(["A reply", 1, true]);
  });

  it("reads a member's own votes once while others comment and vote, and again after their own vote", async () => {
    await clearComments();
    const first = await comment(alice, "First");
    const second = await comment(owner, "Second");
    expect((await vote(bob, first, 1)).status).toBe(200);
    const myVotes = async () =>
      Object.fromEntries(
        (await discussion(bob)).threads.map((th) => [th.text, th.myVote] as [string, number]),
      );
    expect(await myVotes()).toEqual({ First: 1, Second: 0 });
    // Taken back behind the API's back: bob's remembered votes do not see it...
    await t.database.db.execute(sql`DELETE FROM comment_votes WHERE user_id = ${bob.id}`);
    // ...nor after others comment and vote, which cannot change bob's...
    await comment(alice, "Third");
    expect((await vote(alice, second, 1)).status).toBe(200);
    expect(await myVotes()).toEqual({ Third: 0, Second: 0, First: 1 });
    // ...while bob's own vote is read back at once, with the rest of his votes.
    expect((await vote(bob, second, -1)).status).toBe(200);
    expect(await myVotes()).toEqual({ Third: 0, Second: -1, First: 0 });
  });

  it("shows each reader their votes of the discussion read, on a list and on a season, whatever they voted elsewhere", async () => {
    await clearComments();
    const season = { categoryId: "season-49" };
    const onSeason = async (u: TestUser, text: string) => {
      const res = await post(u, text, undefined, season);
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const seasonVotes = async (u: TestUser) => {
      const res = await t.request("/api/comments?categoryId=season-49", { cookie: u.cookie });
      const d = (await res.json()) as DiscussionDto;
      return Object.fromEntries(d.threads.map((th) => [th.text, th.myVote]));
    };
    const listVotes = async (u: TestUser) =>
      Object.fromEntries((await discussion(u)).threads.map((th) => [th.text, th.myVote]));
    const onList = await comment(alice, "On the list");
    const [up, down, untouched] = [
      await onSeason(alice, "Up"),
      await onSeason(owner, "Down"),
      await onSeason(alice, "None"),
    ];
    // Many votes of bob's in another discussion, written behind the API's back (its limits).
    const elsewhere = Array.from({ length: 30 }, (_, i) => ({
      id: `elsewhere-${i}`,
      categoryId: "season-47",
      authorId: owner.id,
      text: `elsewhere ${i}`,
    }));
    await t.database.db.insert(comments).values(elsewhere);
    await t.database.db
      .insert(commentVotes)
      .values(elsewhere.map((c) => ({ commentId: c.id, userId: bob.id, value: 1 })));
    expect((await vote(bob, up, 1)).status).toBe(200);
    expect((await vote(bob, down, -1)).status).toBe(200);
    expect((await vote(bob, onList, -1)).status).toBe(200);
    expect((await vote(alice, untouched, 1)).status).toBe(200);
    const seen = await seasonVotes(bob);
    expect(seen).toEqual({ Up: 1, Down: -1, None: 0 });
    expect(await listVotes(bob)).toEqual({ "On the list": -1 });
    expect(await seasonVotes(alice)).toEqual({ Up: 0, Down: 0, None: 1 });
    expect(await listVotes(alice)).toEqual({ "On the list": 0 });
  });

  it("counts exactly when 200 readers vote on one comment at once", async () => {
    await clearComments();
    const id = await comment(alice, "Concurrency");
    const voters = Array.from({ length: 200 }, (_, i) => ({ id: `voter-${i}`, name: `voter ${i}` }));
    await t.database.db
      .insert(user)
      .values(voters.map((v) => ({ ...v, email: `${v.id}@example.com` })))
      .onConflictDoNothing();
    // 140 up, 60 down.
    await Promise.all(voters.map((v, i) => voteComment(t.store, v, id, i % 10 < 7 ? 1 : -1)));
    const [row] = await t.database.db.select().from(comments).where(eq(comments.id, id));
    expect([row!.upvotes, row!.downvotes]).toEqual([140, 60]);
    // Everyone presses the same again: all votes go.
    await Promise.all(voters.map((v, i) => voteComment(t.store, v, id, i % 10 < 7 ? 1 : -1)));
    const [after] = await t.database.db.select().from(comments).where(eq(comments.id, id));
    expect([after!.upvotes, after!.downvotes]).toEqual([0, 0]);
    const likes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.commentId, id), eq(notifications.type, "comment_like")));
    expect(likes).toHaveLength(140);
  });

  it("sorts by Best (Wilson lower bound) and Top (score)", async () => {
    await clearComments();
    const a = await comment(alice, "a: one up");
    const b = await comment(alice, "b: three up one down");
    const c = await comment(alice, "c: newest, no votes");
    await vote(bob, a, 1);
    for (const u of [bob, owner, editor]) await vote(u, b, 1);
    await vote(alice, b, -1);
    expect((await discussion(null, "new")).threads.map((x) => x.id)).toEqual([c, b, a]);
    expect((await discussion(null, "top")).threads.map((x) => x.id)).toEqual([b, a, c]);
    expect((await discussion(null, "best")).threads.map((x) => x.id)).toEqual([b, a, c]);
    expect((await discussion(null, "worst")).threads.map((x) => x.id)).toEqual([c, b, a]);
  });
});

describe("deleting", () => {
  it("lets only the author or an editor delete, with the product's 403 text", async () => {
    await clearComments();
    const id = await comment(alice, "Mine");
    expect((await remove(null, id)).status).toBe(401);
    const other = await remove(bob, id);
    expect(other.status).toBe(403);
    expect((await errorOf(other)).message).toBe("You can only delete your own comments.");
    expect((await remove(alice, id)).status).toBe(204);
    expect((await discussion(null)).threads).toEqual([]);
    expect((await remove(alice, id)).status).toBe(404);
    const bobs = await comment(bob, "Moderate me");
    expect((await remove(editor, bobs)).status).toBe(204);
  });

  it("keeps a deleted comment with replies as a placeholder, and drops it with its last reply", async () => {
    await clearComments();
    const top = await comment(alice, "Thread start");
    const reply = await comment(bob, "An answer", top);
    expect((await remove(alice, top)).status).toBe(204);
    const [thread] = (await discussion(bob)).threads;
    expect(thread).toMatchObject({ id: top, deleted: true, text: "", canDelete: false });
    expect(thread!.replies.map((r) => r.id)).toEqual([reply]);
    expect((await vote(bob, top, 1)).status).toBe(404);
    expect((await post(bob, "to a ghost", top)).status).toBe(404);
    const bobsInbox = await inbox(alice);
    expect(bobsInbox.notifications.find((n) => n.type === "comment_reply")?.link).toBeDefined();
    expect((await remove(bob, reply)).status).toBe(204);
    expect((await discussion(null)).threads).toEqual([]);
    // A reply's notification leads nowhere once its comment is gone.
    const gone = (await inbox(alice)).notifications.find((n) => n.type === "comment_reply");
    expect(gone?.link).toBeNull();
  });

  it("leaves no text of a deleted comment in any notification, whoever deletes it", async () => {
    await clearComments();
    // A comment on the owner's list (rings the owner), a reply (rings alice), a like (rings bob).
    const top = await comment(alice, "first words");
    const harassing = await comment(bob, "something cruel", top);
    const liked = await comment(bob, "something else cruel");
    expect((await vote(alice, liked, 1)).status).toBe(200);
    const quoted = async () =>
      [
        ...(await inbox(owner)).notifications,
        ...(await inbox(alice)).notifications,
        ...(await inbox(bob)).notifications,
      ]
        .map((n) => n.content)
        .filter((c) => c?.includes("cruel"));
    expect((await quoted()).length).toBeGreaterThanOrEqual(3);
    // The author takes one down, an editor the other: neither text stays with its recipient.
    expect((await remove(bob, harassing)).status).toBe(204);
    expect((await remove(editor, liked)).status).toBe(204);
    expect(await quoted()).toEqual([]);
    const rows = await t.database.db.select({ content: notifications.content }).from(notifications);
    expect(rows.filter((r) => r.content?.includes("cruel"))).toEqual([]);
  });

  it("names nobody through a placeholder: not its author, nor through the replies that answered it", async () => {
    await clearComments();
    const top = await comment(alice, "Thread start");
    await comment(bob, "An answer to alice", top);
    const own = await comment(owner, "Another voice", top);
    await comment(bob, "An answer to owner", own);
    expect((await remove(alice, top)).status).toBe(204);
    const body = await (await t.request(`/api/comments?listUserId=${owner.id}&listId=${listId}`)).text();
    const [thread] = (JSON.parse(body) as DiscussionDto).threads;
    expect(thread).toMatchObject({ id: top, deleted: true, author: null });
    expect(thread!.replies.map((r) => r.replyTo?.name ?? null)).toEqual([null, null, "owner"]);
    expect(body).not.toContain(alice.id);
    expect(body).not.toContain('"alice"');
  });

  it("deleting a list deletes its comments and their notifications", async () => {
    await clearComments();
    const res = await t.request("/api/lists", {
      json: { name: "Doomed", items: ["s1"] },
      cookie: owner.cookie,
    });
    const doomed = ((await res.json()) as { list: { id: string } }).list.id;
    const to = { listUserId: owner.id, listId: doomed };
    expect((await post(alice, "Soon gone", undefined, to)).status).toBe(201);
    expect(
      (await t.request(`/api/lists/${owner.id}/${doomed}`, { method: "DELETE", cookie: owner.cookie }))
        .status,
    ).toBe(204);
    expect(await t.database.db.select().from(comments).where(eq(comments.listId, doomed))).toEqual([]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.listId, doomed))).toEqual(
      [],
    );
  });
});

describe("a closed category's discussion", () => {
  it("is read-only: no comment, reply or vote (409); its comments can still be deleted", async () => {
    await clearComments();
    const closed = { categoryId: "season-48" };
    // Written before the category closed (there is no way through the API now).
    const [old] = await t.database.db
      .insert(comments)
      .values({ id: "old-48", categoryId: "season-48", authorId: alice.id, text: "from before" })
      .returning();
    const refused = await post(bob, "late words", undefined, closed);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(COMMENT_MESSAGES.closedDiscussion);
    expect((await post(bob, "a late reply", old!.id, closed)).status).toBe(409);
    expect((await vote(bob, old!.id, 1)).status).toBe(409);
    const seen = await (await t.request("/api/comments?categoryId=season-48")).json();
    expect((seen as DiscussionDto).threads.map((c) => c.text)).toEqual(["from before"]);
    expect((await remove(alice, old!.id)).status).toBe(204);
    // The open category takes comments as before.
    expect((await post(bob, "on time", undefined, { categoryId: "season-49" })).status).toBe(201);
  });
});

describe("limits", () => {
  it("lets a burst of 5 comments through, then answers 429 with a readable message", async () => {
    const carol = await t.signUp("carol@example.com");
    for (let i = 0; i < 5; i++) expect((await post(carol, `burst ${i}`)).status).toBe(201);
    const limited = await post(carol, "one too many");
    expect(limited.status).toBe(429);
    expect((await errorOf(limited)).message).toBe(COMMENT_MESSAGES.rateLimited);
  });

  it("keeps 200 notifications per recipient: the Inbox counts no more, new ones trim the rest, an export trims first", async () => {
    const { notify, NOTIFICATIONS_KEPT, TRIM_EVERY } =
      await import("../notifications/notifications.service.ts");
    const { exportChunks } = await import("../account/account-export.ts");
    await clearComments();
    const stored = async () =>
      (
        await t.database.db
          .select({ content: notifications.content, at: notifications.createdAt })
          .from(notifications)
          .where(eq(notifications.recipientId, bob.id))
      ).map((r) => ({ n: Number(r.content), at: r.at.getTime() }));
    const sent = NOTIFICATIONS_KEPT + 2 * TRIM_EVERY;
    for (let i = 0; i < sent; i++) {
      await notify(t.database.db, {
        recipientId: bob.id,
        type: "comment",
        actorId: alice.id,
        actorName: "alice",
        content: `${i}`,
      });
    }
    // One in TRIM_EVERY trims: fewer than TRIM_EVERY wait beyond the kept ones.
    const before = await stored();
    expect(before.length).toBeGreaterThanOrEqual(NOTIFICATIONS_KEPT);
    expect(before.length).toBeLessThan(NOTIFICATIONS_KEPT + TRIM_EVERY);
    expect(before.map((r) => r.n)).toContain(sent - 1);
    const box = await inbox(bob);
    expect(box.unread).toBe(NOTIFICATIONS_KEPT);
    // Notifications written in the same millisecond tie on their time, however
    // many a fast machine writes in it: "newest" is a time, not a number.
    const newest = Math.max(...before.map((r) => r.at));
    expect(Date.parse(box.notifications[0]!.createdAt)).toBe(newest);
    for await (const chunk of exportChunks(t.database.db, bob.id)) expect(typeof chunk).toBe("string");
    const after = await stored();
    expect(after).toHaveLength(NOTIFICATIONS_KEPT);
    // What the trim dropped is no newer than anything it kept.
    const kept = new Set(after.map((r) => r.n));
    const dropped = before.filter((r) => !kept.has(r.n));
    expect(dropped).toHaveLength(before.length - NOTIFICATIONS_KEPT);
    const oldestKept = Math.min(...after.map((r) => r.at));
    for (const r of dropped) expect(r.at).toBeLessThanOrEqual(oldestKept);
  });
});

describe("invisible characters in comments (docs/product.md, Names and texts)", () => {
  it("refuses a comment of only invisible characters as empty, and stores others without them", async () => {
    await clearComments();
    for (const text of ["\u200B", "\u200B \u2060\uFEFF\n\u200E\u202E"]) {
      const res = await post(alice, text);
      expect(res.status, JSON.stringify(text)).toBe(400);
      expect((await errorOf(res)).message).toBe(COMMENT_MESSAGES.textEmpty);
    }
    expect((await errorOf(await post(alice, "csi\u009B2J"))).message).toBe(
      COMMENT_MESSAGES.controlCharacters,
    );
    await comment(alice, "\u202Egreat\u200B list\u202C 👩‍💻\nsecond line");
    expect((await discussion(null)).threads.map((c) => c.text)).toEqual(["great list 👩‍💻\nsecond line"]);
  });
});
