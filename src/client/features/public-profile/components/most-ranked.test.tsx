// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveVisitorHorizon } from "#client/lib/spoiler-horizon.ts";
import { MostRanked } from "./most-ranked.tsx";

function renderIt(mostRanked: Parameters<typeof MostRanked>[0]["mostRanked"], whole?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["session"], null);
  vi.stubGlobal("fetch", async () => Response.json(whole));
  render(
    <QueryClientProvider client={client}>
      <MostRanked userId="u1" page={1} mostRanked={mostRanked} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  saveVisitorHorizon(null);
});

describe("a profile's Most Ranked under a spoiler horizon", () => {
  const alex = { id: "s49-alex-moore", name: "Alex Moore", count: 3 };

  it("hides a person first seen past a visitor's horizon until tapped", () => {
    saveVisitorHorizon({ upTo: 30 });
    renderIt(alex);
    expect(screen.queryByText("Alex Moore")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Hidden: season 49, reveal" }));
    expect(screen.getByText("Alex Moore")).toBeTruthy();
  });

  it("shows a person inside the horizon, and a dash for none", () => {
    saveVisitorHorizon({ upTo: 50 });
    renderIt(alex);
    expect(screen.getByText("Alex Moore")).toBeTruthy();
    cleanup();
    renderIt(null);
    expect(screen.getByText("—")).toBeTruthy();
  });

  it("asks for the profile whole when the server hid the person", async () => {
    renderIt(
      { hidden: true, season: 49 },
      { profile: { mostRanked: alex }, lists: [], page: 1, pageCount: 1 },
    );
    fireEvent.click(screen.getByRole("button", { name: "Hidden: season 49, reveal" }));
    expect(await screen.findByText("Alex Moore")).toBeTruthy();
  });
});
