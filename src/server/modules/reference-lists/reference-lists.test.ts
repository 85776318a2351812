import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "#testing/test-app.ts";
import type { ReferenceListsDto } from "#server/api-types.ts";
import { readEvents } from "#testing/read-events.ts";

let t: TestApp;
let editor: TestUser;
let reader: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: " Editor@Example.com , other@example.com" } });
  editor = await t.signUp("editor@example.com");
  reader = await t.signUp("reader@example.com");
});
afterAll(() => t.close());

type RefBody = ReferenceListsDto;

const put = (u: TestUser | null, id: string, items: unknown) =>
  t.request(`/api/reference-lists/${id}`, { method: "PUT", json: { items }, cookie: u?.cookie });

describe("reference lists", () => {
  it("reads three empty lists before anyone edits them", async () => {
    const body = (await (await t.request("/api/reference-lists")).json()) as RefBody;
    expect(Object.keys(body.lists).sort()).toEqual(["andrewsList", "kendallsList", "maddysList"]);
    expect(Object.values(body.lists).every((l) => l.length === 0)).toBe(true);
    expect(body.canEdit).toBe(false);
  });

  it("lets only editors change them", async () => {
    expect((await put(null, "maddysList", ["s1"])).status).toBe(401);
    expect((await put(reader, "maddysList", ["s1"])).status).toBe(403);
    expect((await put(editor, "nobodysList", ["s1"])).status).toBe(404);
    expect((await put(editor, "maddysList", ["s1", "s1-richard-hatch"])).status).toBe(400);
    const res = await put(editor, "maddysList", ["s1-richard-hatch", "s2-colby-donaldson"]);
    expect(res.status).toBe(200);
    const body = (await (
      await t.request("/api/reference-lists", { cookie: editor.cookie })
    ).json()) as RefBody;
    expect(body.canEdit).toBe(true);
    expect(body.lists.maddysList!.map((e) => e.name)).toEqual(["Richard Hatch", "Colby Donaldson"]);
    expect(body.lastUpdated).not.toBeNull();
  });

  it("announces a change to every open event stream, visitors included: which list, and when", async () => {
    const stream = await t.request("/api/events?topic=reference-lists");
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    // The earlier test's save is announced too: wait for the one of this save.
    const kendalls = (events: string[]) =>
      events
        .filter((e) => e.includes("event: reference-lists"))
        .map((e) => JSON.parse(e.split("data: ")[1]!) as { id: string; updatedAt: string })
        .find((e) => e.id === "kendallsList");
    const reading = readEvents(stream, (events) => kendalls(events) !== undefined);
    await new Promise((r) => setTimeout(r, 100));
    const saved = (await (await put(editor, "kendallsList", ["s20", "s7"])).json()) as RefBody;
    const text = await reading;
    expect(text).toContain("event: ready");
    expect(kendalls(text.split("\n\n"))).toEqual({ id: "kendallsList", updatedAt: saved.lastUpdated });
  });

  it("saves the longest reference list and announces it, on every engine (an event carries no list)", async () => {
    const { LIMITS } = await import("#shared/limits.ts");
    const cast = await t.request("/api/seasons");
    const { seasons } = (await cast.json()) as { seasons: { id: string; castaways?: { id: string }[] }[] };
    const ids = seasons.flatMap((s) => s.castaways?.map((c) => c.id) ?? []);
    // Every castaway: as long as a list of one kind can be (the limit is higher still).
    const longest = ids.slice(0, LIMITS.listItemsMax);
    expect(longest.length).toBeGreaterThan(900);
    const stream = await t.request("/api/events?topic=reference-lists");
    const reading = readEvents(stream, (events) => events.some((e) => e.includes('"andrewsList"')));
    const res = await put(editor, "andrewsList", longest);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as RefBody).lists.andrewsList).toHaveLength(longest.length);
    expect(await reading).toContain('"andrewsList"');
  });

  it("sends private events only to their recipient", async () => {
    const readerStream = await t.request("/api/events", { cookie: reader.cookie });
    const editorStream = await t.request("/api/events", { cookie: editor.cookie });
    const gotReader = readEvents(
      readerStream,
      (e) => e.some((x) => x.includes("event: notifications")),
      1500,
    );
    const gotEditor = readEvents(
      editorStream,
      (e) => e.some((x) => x.includes("event: notifications")),
      1500,
    );
    await new Promise((r) => setTimeout(r, 100));
    t.app.deps.live.publish("notifications", {}, reader.id);
    expect(await gotReader).toContain("event: notifications");
    expect(await gotEditor).not.toContain("event: notifications");
  });
});
