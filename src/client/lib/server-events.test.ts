// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

/** Records the streams the module opens and closes (jsdom has no EventSource). */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener() {}
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  FakeEventSource.opened = [];
});

async function load() {
  vi.stubGlobal("EventSource", FakeEventSource);
  return import("./server-events.ts");
}

/** The scheduled opening or reopening of the stream has run. */
const settled = () => new Promise((r) => setTimeout(r, 5));

describe("the event stream follows the session", () => {
  it("is reopened after a sign-in and a sign-out, not for the first known session", async () => {
    const { useServerEvent, useServerEventsIdentity } = await load();
    renderHook(() => useServerEvent("notifications", () => {}));
    await settled();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(["/api/events"]);

    const { rerender } = renderHook(({ id, known }) => useServerEventsIdentity(id, known), {
      initialProps: { id: null as string | null, known: false },
    });
    rerender({ id: null, known: true });
    expect(FakeEventSource.opened).toHaveLength(1);

    rerender({ id: "u1", known: true });
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[0]!.closed).toBe(true);

    rerender({ id: "u1", known: true });
    expect(FakeEventSource.opened).toHaveLength(2);

    rerender({ id: null, known: true });
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(FakeEventSource.opened[1]!.closed).toBe(true);
  });
});

describe("the event stream names the page's topics", () => {
  const topicsOf = (s: FakeEventSource) => new URL(s.url, "http://x").searchParams.getAll("topic");

  it("opens once for the subscriptions one page mounts, with every topic they listen to", async () => {
    const { useServerEvent } = await load();
    renderHook(() => {
      useServerEvent("notifications", () => {});
      useServerEvent("comments", () => {}, "comments/list/u1/l1");
      useServerEvent("consensus", () => {});
    });
    await settled();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(topicsOf(FakeEventSource.opened[0]!).sort()).toEqual(["comments/list/u1/l1", "consensus"]);
  });

  it("reopens for a topic it did not name, not for one it no longer needs", async () => {
    const { useServerEvent } = await load();
    const { rerender, unmount } = renderHook(({ topic }) => useServerEvent("comments", () => {}, topic), {
      initialProps: { topic: "comments/list/u1/l1" },
    });
    await settled();
    rerender({ topic: "comments/category/season-49" });
    await settled();
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
    expect(topicsOf(FakeEventSource.opened[1]!)).toEqual(["comments/category/season-49"]);

    // Back to a page with no discussion: the open stream serves it as it is.
    unmount();
    renderHook(() => useServerEvent("notifications", () => {}));
    await settled();
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]!.closed).toBe(false);
  });
});

/** A stream whose events the test sends, as the server would. */
class ScriptedEventSource {
  static current: ScriptedEventSource | null = null;
  private listeners = new Map<string, ((e: { data: string }) => void)[]>();
  constructor(readonly url: string) {
    ScriptedEventSource.current = this;
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {}
  send(type: string, data: string) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data });
  }
}

describe("events as they reach a handler", () => {
  it("are checked against their type's schema: a malformed one is dropped, the rest come in order", async () => {
    vi.stubGlobal("EventSource", ScriptedEventSource);
    const { useServerEvent } = await import("./server-events.ts");
    const got: unknown[] = [];
    renderHook(() => useServerEvent("global-rankings", (data) => got.push(data)));
    await settled();
    const stream = ScriptedEventSource.current!;
    stream.send("global-rankings", JSON.stringify({ categoryId: "season-49" }));
    stream.send("global-rankings", JSON.stringify({ categoryId: 49 }));
    stream.send("global-rankings", "not json");
    stream.send("global-rankings", JSON.stringify({ categoryId: "season-48", extra: true }));
    stream.send("global-rankings", JSON.stringify({ categoryId: "season-50" }));
    await vi.waitFor(() => expect(got).toHaveLength(2));
    expect(got).toEqual([{ categoryId: "season-49" }, { categoryId: "season-50" }]);
  });
});
