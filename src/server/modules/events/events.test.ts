import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#testing/test-app.ts";
import { readEvents } from "#testing/read-events.ts";
import { discussionTopic, MAX_STREAM_TOPICS, MAX_TOPIC_LENGTH } from "#shared/live-topics.ts";
import { EVENT_TOPICS_MESSAGE } from "./events.routes.ts";

const t = await createTestApp({ users: ["owner@example.com", "fan@example.com"] });
const [owner, fan] = t.users;
afterAll(() => t.close());
const lists: string[] = [];

beforeAll(async () => {
  for (const name of ["First", "Second"]) {
    const res = await t.request("/api/lists", {
      json: { name, items: ["s1-richard-hatch"] },
      cookie: owner.cookie,
    });
    lists.push(((await res.json()) as { list: { id: string } }).list.id);
  }
});

const topicOfList = (i: number) => discussionTopic({ listUserId: owner.id, listId: lists[i]! });
const stream = (topics: string[], cookie?: string) =>
  t.request(`/api/events?${topics.map((x) => `topic=${encodeURIComponent(x)}`).join("&")}`, { cookie });
const heard = (text: string, type: string) => text.split("\n\n").filter((e) => e.includes(`event: ${type}`));

describe("a live stream hears the topics its page named", () => {
  it("a comment reaches the streams of its list's page and the owner's Inbox, no other page", async () => {
    const onFirst = await stream([topicOfList(0)]);
    const onSecond = await stream([topicOfList(1), "consensus"]);
    const ownersOtherPage = await stream([], owner.cookie);
    const reading = [
      readEvents(onFirst, (e) => e.some((x) => x.includes("event: comments"))),
      readEvents(onSecond, () => false, 1500),
      readEvents(ownersOtherPage, (e) => e.some((x) => x.includes("event: notifications"))),
    ];
    await new Promise((r) => setTimeout(r, 100));
    const posted = await t.request("/api/comments", {
      json: { target: { listUserId: owner.id, listId: lists[0] }, text: "Live on the first list" },
      cookie: fan.cookie,
    });
    expect(posted.status).toBe(201);
    const [first, second, owners] = await Promise.all(reading);
    expect(heard(first!, "comments").map((e) => JSON.parse(e.split("data: ")[1]!))).toEqual([
      { listUserId: owner.id, listId: lists[0] },
    ]);
    expect(heard(second!, "comments")).toEqual([]);
    expect(heard(owners!, "comments")).toEqual([]);
    expect(heard(owners!, "notifications")).toHaveLength(1);
  });

  it("answers 400 with a clear message for too many topics or one too long, and holds no stream", async () => {
    const before = t.app.deps.live.listeners();
    const many = Array.from({ length: MAX_STREAM_TOPICS + 1 }, (_, i) => `comments/category/c${i}`);
    for (const topics of [many, ["x".repeat(MAX_TOPIC_LENGTH + 1)], [""]]) {
      const res = await stream(topics);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(EVENT_TOPICS_MESSAGE);
    }
    expect(t.app.deps.live.listeners()).toBe(before);
    const most = await stream(many.slice(1));
    expect(most.status).toBe(200);
    await most.body?.cancel();
  });
});
