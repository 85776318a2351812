// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BrowseSearch, SEARCH_DEBOUNCE_MS } from "./browse-search.tsx";

function Harness({ onCommit }: { onCommit: (q: string) => void }) {
  const [value, setValue] = useState("");
  return (
    <>
      <BrowseSearch
        value={value}
        onCommit={(q) => {
          onCommit(q);
          setValue(q);
        }}
      />
      <button type="button" onClick={() => setValue("from-url")}>
        back
      </button>
    </>
  );
}

describe("browse search box", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const input = () => screen.getByPlaceholderText("Search rankings...") as HTMLInputElement;

  it("commits once typing pauses", () => {
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    fireEvent.change(input(), { target: { value: "her" } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(input(), { target: { value: "hero" } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(60));
    expect(onCommit).toHaveBeenCalledExactlyOnceWith("hero");
  });

  it("keeps a trailing space being typed after a commit", () => {
    const onCommit = vi.fn();
    render(<Harness onCommit={onCommit} />);
    fireEvent.change(input(), { target: { value: "big " } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onCommit).toHaveBeenCalledWith("big");
    expect(input().value).toBe("big ");
  });

  it("follows the URL when it changes underneath", () => {
    render(<Harness onCommit={vi.fn()} />);
    fireEvent.change(input(), { target: { value: "draft" } });
    act(() => screen.getByText("back").click());
    expect(input().value).toBe("from-url");
  });
});
