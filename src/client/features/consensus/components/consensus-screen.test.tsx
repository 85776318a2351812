// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildCatalog, seasonsQueryOptions } from "#client/lib/seasons-query.ts";
import { CONSENSUS_TEXTS as C, type ConsensusRow, type ConsensusSlice } from "#shared/consensus.ts";
import { consensusKeys } from "../api/consensus-api.ts";
import { CONSENSUS_PAGE_TEXTS as T } from "../model/consensus-texts.ts";
import { ConsensusScreen } from "./consensus-screen.tsx";

const row = (rank: number, name: string, extra: Partial<ConsensusRow> = {}): ConsensusRow => ({
  id: `s${rank}`,
  name,
  imageUrl: `/media/season-logos/s${rank}`,
  seasonName: null,
  seasonNumber: rank,
  rank,
  low: Math.max(1, rank - 1),
  high: rank + 2,
  ballots: 8 - rank,
  top3Share: 0.5,
  divisiveness: 0.1 * rank,
  ...extra,
});

const SEASONS: ConsensusSlice = {
  kind: "seasons",
  slice: "all",
  title: "All seasons",
  computedAt: "2026-11-27T07:00:00.000Z",
  ballotCount: 7,
  minBallots: 5,
  ranked: [row(1, "Survivor: Heroes vs. Villains"), row(2, "Survivor: Micronesia")],
  rankedCount: 2,
  unrankedCount: 1,
  unranked: [
    {
      id: "s3",
      name: "Survivor: Africa",
      imageUrl: "/media/season-logos/s3",
      seasonName: null,
      seasonNumber: 3,
      ballots: 1,
    },
  ],
  divisive: [row(2, "Survivor: Micronesia", { divisiveness: 0.42 })],
};

const CAST_20: ConsensusSlice = {
  kind: "castaways",
  slice: "season-20",
  title: "Survivor: Heroes vs. Villains",
  computedAt: "2026-11-27T07:00:00.000Z",
  ballotCount: 6,
  minBallots: 5,
  ranked: [
    row(1, "Parvati Shallow", {
      id: "s20-parvati-shallow",
      seasonName: "Survivor: Heroes vs. Villains",
      seasonNumber: 20,
      imageUrl: "/media/headshots/s20-parvati-shallow",
    }),
  ],
  rankedCount: 1,
  unranked: [],
  unrankedCount: 0,
  divisive: [],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, slices: ConsensusSlice[], fetchAnswer?: Response | "pending") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const s of slices) client.setQueryData(consensusKeys.slice(s.kind, s.slice, "top"), s);
  client.setQueryData(
    seasonsQueryOptions().queryKey,
    buildCatalog([
      { id: "s1", name: "Survivor: Borneo", number: 1, castaways: [] },
      { id: "s20", name: "Survivor: Heroes vs. Villains", number: 20, castaways: [] },
    ] as unknown as Parameters<typeof buildCatalog>[0]),
  );
  vi.stubGlobal(
    "fetch",
    fetchAnswer === undefined || fetchAnswer === "pending"
      ? () => new Promise(() => {})
      : async () => fetchAnswer.clone(),
  );
  const router = createMemoryRouter([{ path: "/consensus", element: <ConsensusScreen /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("ConsensusScreen", () => {
  it("shows every season by default: rank, range, ballots, the divisive, the unranked and the method", () => {
    renderAt("/consensus", [SEASONS]);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(C.title);
    expect(screen.getByRole("tab", { name: C.seasonsTab }).getAttribute("aria-selected")).toBe("true");
    expect((screen.getByLabelText(T.seasonsPicker) as HTMLSelectElement).value).toBe("all");

    const ranked = within(screen.getByRole("list", { name: T.rankedLabel("All seasons") }));
    const first = ranked.getAllByRole("listitem")[0]!;
    expect(first.textContent).toContain("#1");
    expect(first.textContent).toContain("Survivor: Heroes vs. Villains");
    expect(first.textContent).toContain("(1–3)");
    expect(first.textContent).toContain("in 7 lists");
    expect(first.querySelector("img")?.getAttribute("width")).toBe("48");

    const divisive = screen.getByRole("table");
    expect(within(divisive).getByRole("rowheader").textContent).toContain("Survivor: Micronesia");
    expect(divisive.textContent).toContain("42%");
    expect(divisive.textContent).toContain("#2");

    const unranked = screen.getByRole("heading", { name: C.unrankedHeading }).closest("section")!;
    expect(unranked.textContent).toContain("Ranked once on at least 5 members' lists.");
    expect(unranked.textContent).toContain("Survivor: Africa");
    expect(unranked.textContent).toContain("in 1 list");
    expect(ranked.queryByText("Survivor: Africa")).toBeNull();

    expect(screen.getByText(C.explanation)).toBeTruthy();
    expect(screen.getByText(/^Last computed /).getAttribute("datetime")).toBe(SEASONS.computedAt);
  });

  it("reads a castaway slice from the address and names the season beside each castaway", () => {
    renderAt("/consensus?kind=castaways&slice=season-20", [CAST_20]);
    expect(screen.getByRole("tab", { name: C.castawaysTab }).getAttribute("aria-selected")).toBe("true");
    const picker = screen.getByLabelText(T.castawaysPicker) as HTMLSelectElement;
    expect(picker.value).toBe("season-20");
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      "All castaways",
      "1. Survivor: Borneo",
      "20. Survivor: Heroes vs. Villains",
    ]);
    const first = screen.getAllByRole("listitem")[0]!;
    expect(first.textContent).toContain("Parvati Shallow");
    expect(first.textContent).toContain("Survivor: Heroes vs. Villains");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("falls back to every season for an address it does not know", () => {
    renderAt("/consensus?kind=tribes&slice=nope", [SEASONS]);
    expect(screen.getByRole("tab", { name: C.seasonsTab }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getAllByRole("listitem")[0]!.textContent).toContain("#1");
  });

  it("puts the tab and the slice in the address", () => {
    const router = renderAt("/consensus", [SEASONS, CAST_20]);
    fireEvent.click(screen.getByRole("tab", { name: C.castawaysTab }));
    expect(router.state.location.search).toBe("?kind=castaways&slice=all");
    fireEvent.change(screen.getByLabelText(T.castawaysPicker), { target: { value: "season-20" } });
    expect(router.state.location.search).toBe("?kind=castaways&slice=season-20");
    expect(screen.getAllByRole("listitem")[0]!.textContent).toContain("Parvati Shallow");
    fireEvent.keyDown(screen.getByRole("tablist"), { key: "ArrowLeft" });
    expect(router.state.location.search).toBe("?kind=seasons&slice=all");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: C.seasonsTab }));
  });

  it("says so before the first fit", () => {
    renderAt("/consensus", [{ ...SEASONS, computedAt: null, ranked: [], unranked: [], divisive: [] }]);
    expect(screen.getByText(C.notComputed)).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
    expect(screen.queryByText(/^Last computed/)).toBeNull();
  });

  it("shows loading, then a slice that does not exist", async () => {
    renderAt("/consensus?kind=castaways&slice=season-99", [], "pending");
    expect(screen.getByRole("status").textContent).toBe(T.loading);
    cleanup();
    const body = JSON.stringify({ error: { code: "NOT_FOUND", message: "No such slice." } });
    renderAt("/consensus?kind=castaways&slice=season-99", [], new Response(body, { status: 404 }));
    expect((await screen.findByRole("alert")).textContent).toBe(T.notFound);
    expect((screen.getByLabelText(T.castawaysPicker) as HTMLSelectElement).value).toBe("season-99");
  });
});

describe("a slice cut to its first rows", () => {
  it("offers every row, and asks the server for them", async () => {
    const cut = { ...SEASONS, rankedCount: 250 };
    const all = { ...SEASONS, ranked: [...SEASONS.ranked, row(3, "Survivor: Africa")], rankedCount: 3 };
    // Only the first rows are cached: the three rows can only come from asking again, for all.
    renderAt(
      "/consensus",
      [cut],
      new Response(JSON.stringify(all), { headers: { "Content-Type": "application/json" } }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Show all 250" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Show all 250" })).toBeNull());
    expect(
      within(screen.getByRole("list", { name: T.rankedLabel(SEASONS.title) })).getAllByRole("listitem"),
    ).toHaveLength(3);
  });
});
