// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render as renderBare, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveVisitorHorizon } from "#client/lib/spoiler-horizon.ts";
import type { RankedCastawayDto } from "#server/api-types.ts";
import { TopTen } from "./top-ten.tsx";

const castaway = (n: number, range?: { low: number; high: number } | null): RankedCastawayDto => ({
  id: `s49-castaway-${n}`,
  name: `Castaway ${n}`,
  imageUrl: `/media/headshots/s49-castaway-${n}`,
  seasonName: "Survivor 49",
  totalScore: 20 - n,
  ...(range !== undefined && { range }),
});

/** A visitor without a spoiler horizon reads the list (the rows read the reader's horizon). */
function render(ui: ReactNode) {
  const client = new QueryClient();
  client.setQueryData(["session"], null);
  return renderBare(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(cleanup);

describe("TopTen", () => {
  it("shows each place's 90 % range after its rank, where the server has one", () => {
    render(
      <TopTen
        entries={[castaway(1, { low: 1, high: 2 }), castaway(2, { low: 1, high: 4 }), castaway(3, null)]}
        showPoints
        label="Season 49 top 10"
      />,
    );
    const list = screen.getByRole("list", { name: "Season 49 top 10" });
    expect(list.classList.contains("has-ranges")).toBe(true);
    const rows = within(list).getAllByRole("listitem");
    const ranks = rows.map((row) => row.querySelector(".top-ten-rank")!.textContent);
    expect(ranks).toEqual(["1 (1–2)", "2 (1–4)", "3"]);
    expect(rows[2]!.querySelector(".top-ten-range")).toBeNull();
    expect(within(rows[0]!).getByText("19 points")).toBeTruthy();
  });

  it("draws no ranges, and keeps the narrow rank column, when none has one (closed and legacy categories)", () => {
    render(<TopTen entries={[castaway(1), castaway(2, null)]} showPoints label="Final top 10" size="full" />);
    const list = screen.getByRole("list", { name: "Final top 10" });
    expect(list.classList.contains("has-ranges")).toBe(false);
    expect(list.querySelector(".top-ten-range")).toBeNull();
    expect([...list.querySelectorAll(".top-ten-rank")].map((r) => r.textContent)).toEqual(["1", "2"]);
  });
});

describe("TopTen under a spoiler horizon", () => {
  afterEach(() => saveVisitorHorizon(null));

  it("hides a visitor's castaways past it, keeping place and points, and reveals one or all", () => {
    saveVisitorHorizon({ upTo: 30 });
    render(<TopTen entries={[castaway(1), castaway(2), castaway(3)]} showPoints label="Season 49 top 10" />);
    const list = screen.getByRole("list", { name: "Season 49 top 10" });
    expect(within(list).queryByText("Castaway 1")).toBeNull();
    expect(within(list).getAllByText("19 points")).toHaveLength(1);
    fireEvent.click(within(list).getAllByRole("button", { name: "Hidden: season 49, reveal" })[0]!);
    expect(within(list).getByText("Castaway 1")).toBeTruthy();
    expect(within(list).queryByText("Castaway 2")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Reveal all/ }));
    expect(within(list).getByText("Castaway 2")).toBeTruthy();
    expect(within(list).getByText("Castaway 3")).toBeTruthy();
  });

  it("asks for the answer whole when a castaway the server hid is tapped", () => {
    const onWantsWhole = vi.fn();
    const hidden = { hidden: true, season: 49, totalScore: 10 } as unknown as RankedCastawayDto;
    render(<TopTen entries={[hidden]} showPoints label="Top" onWantsWhole={onWantsWhole} />);
    expect(screen.getByText("10 points")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Hidden: season 49, reveal" }));
    expect(onWantsWhole).toHaveBeenCalledOnce();
    // Still hidden until the whole answer is here.
    expect(screen.getByRole("button", { name: "Hidden: season 49, reveal" })).toBeTruthy();
  });
});
