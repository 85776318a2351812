// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useMutation } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACTIVITY_DELAY_MS, ActivityBar } from "./activity-bar.tsx";

function SlowAction({ finish }: { finish: Promise<void> }) {
  const save = useMutation({ mutationFn: () => finish });
  return (
    <button type="button" onClick={() => save.mutate()}>
      save
    </button>
  );
}

function setup() {
  let done!: () => void;
  const finish = new Promise<void>((resolve) => (done = resolve));
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ActivityBar />
      <SlowAction finish={finish} />
    </QueryClientProvider>,
  );
  return { done };
}

describe("ActivityBar", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows only once an action has taken 300 ms, and goes when it ends", async () => {
    const { done } = setup();
    act(() => screen.getByRole("button", { name: "save" }).click());
    await act(() => vi.advanceTimersByTimeAsync(ACTIVITY_DELAY_MS - 1));
    expect(screen.queryByRole("progressbar")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole("progressbar", { name: "Working..." })).toBeTruthy();
    await act(async () => {
      done();
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("never shows for an action quicker than that", async () => {
    const { done } = setup();
    act(() => screen.getByRole("button", { name: "save" }).click());
    await act(() => vi.advanceTimersByTimeAsync(100));
    await act(async () => done());
    await act(() => vi.advanceTimersByTimeAsync(ACTIVITY_DELAY_MS));
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});
