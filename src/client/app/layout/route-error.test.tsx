// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ScreenErrorBoundary } from "./route-error.tsx";

afterEach(cleanup);

function Screen({ fail }: { fail: boolean }) {
  if (fail) throw new Error("chunk failed to load");
  return <h1>The screen</h1>;
}

function page(resetKey: string, fail: boolean) {
  return (
    <MemoryRouter>
      <ScreenErrorBoundary resetKey={resetKey}>
        <Screen fail={fail} />
      </ScreenErrorBoundary>
    </MemoryRouter>
  );
}

describe("ScreenErrorBoundary", () => {
  it("shows the error page in place of a screen that throws, and logs why", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    render(page("/a", true));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something went wrong");
    expect(screen.getByRole("button", { name: "Reload" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
    expect(log.mock.calls.some(([error]) => String(error).includes("chunk failed to load"))).toBe(true);
    log.mockRestore();
  });

  it("keeps the error page on the same address, and tries again on the next", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const view = render(page("/a", true));
    view.rerender(page("/a", false));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something went wrong");
    view.rerender(page("/b", false));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("The screen");
    log.mockRestore();
  });
});
