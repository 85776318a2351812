// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider, useToast } from "./toast.tsx";

function Trigger({ text, ms }: { text: string; ms?: number }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(text, ms)}>
      show {text}
    </button>
  );
}

describe("toast", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows a message in a polite status region for the given time", () => {
    render(
      <ToastProvider>
        <Trigger text="Added to favorites" ms={2000} />
      </ToastProvider>,
    );
    const region = screen.getByRole("status");
    expect(region.textContent).toBe("");
    act(() => screen.getByRole("button").click());
    expect(region.textContent).toBe("Added to favorites");
    act(() => vi.advanceTimersByTime(1999));
    expect(region.textContent).toBe("Added to favorites");
    act(() => vi.advanceTimersByTime(1));
    expect(region.textContent).toBe("");
  });

  it("keeps each toast for its own duration", () => {
    render(
      <ToastProvider>
        <Trigger text="You found a Hidden Immunity Idol! 🏆" ms={3000} />
        <Trigger text="Removed from favorites" ms={2000} />
      </ToastProvider>,
    );
    const [idol, fav] = screen.getAllByRole("button");
    act(() => idol!.click());
    act(() => fav!.click());
    const region = screen.getByRole("status");
    expect(region.children).toHaveLength(2);
    act(() => vi.advanceTimersByTime(2000));
    expect(region.textContent).toBe("You found a Hidden Immunity Idol! 🏆");
    act(() => vi.advanceTimersByTime(1000));
    expect(region.textContent).toBe("");
  });

  it("useToast outside the provider fails loudly", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Trigger text="x" />)).toThrow(/ToastProvider/);
  });
});
