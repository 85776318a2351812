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

describe("the event stream follows the session", () => {
  it("is reopened after a sign-in and a sign-out, not for the first known session", async () => {
    const { useServerEvent, useServerEventsIdentity } = await load();
    renderHook(() => useServerEvent("comments", () => {}));
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
