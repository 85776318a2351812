// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { saveVisitorHorizon } from "#client/lib/spoiler-horizon.ts";
import type { ConsensusRow } from "#shared/consensus.ts";
import { ConsensusRankedRows, UnrankedList } from "./consensus-rows.tsx";

// The consensus rows under a spoiler horizon (docs/product.md, "Spoiler horizon").

const row = (id: string, name: string, season: number, rank: number): ConsensusRow => ({
  id,
  name,
  imageUrl: "",
  seasonName: `Survivor ${season}`,
  seasonNumber: season,
  rank,
  low: rank,
  high: rank + 1,
  ballots: 7,
  top3Share: 0.5,
  divisiveness: 0.2,
});

function renderIn(ui: ReactNode) {
  const client = new QueryClient();
  client.setQueryData(["session"], null);
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(() => {
  cleanup();
  saveVisitorHorizon(null);
});

describe("consensus rows under a spoiler horizon", () => {
  it("hide a later castaway but keep its rank, range and ballots; a tap reveals it", () => {
    saveVisitorHorizon({ upTo: 30 });
    const rows = [
      row("s20-parvati-shallow", "Parvati Shallow", 20, 1),
      row("s45-dee-valladares", "Dee Valladares", 45, 2),
    ];
    renderIn(<ConsensusRankedRows kind="castaways" rows={rows} label="All castaways" />);
    const list = screen.getByRole("list", { name: "All castaways" });
    const hidden = within(list).getByRole("button", { name: "Hidden: season 45, reveal" }).closest("li")!;
    expect(hidden.textContent).toContain("#2");
    expect(hidden.textContent).toContain("in 7 lists");
    expect(within(list).queryByText("Dee Valladares")).toBeNull();
    fireEvent.click(within(list).getByRole("button", { name: "Hidden: season 45, reveal" }));
    expect(within(list).getByText("Dee Valladares")).toBeTruthy();
  });

  it("ask the page for the slice whole when a row the server hid is tapped", () => {
    const onWantsWhole = vi.fn();
    const hidden = { hidden: true, season: 49, ballots: 3 } as unknown as ConsensusRow;
    renderIn(<UnrankedList kind="castaways" rows={[hidden]} onWantsWhole={onWantsWhole} />);
    fireEvent.click(screen.getByRole("button", { name: "Hidden: season 49, reveal" }));
    expect(onWantsWhole).toHaveBeenCalledOnce();
  });

  it("never hide seasons", () => {
    saveVisitorHorizon({ upTo: 1 });
    renderIn(
      <ConsensusRankedRows
        kind="seasons"
        rows={[{ ...row("s45", "Survivor 45", 45, 1), seasonName: null }]}
        label="All seasons"
      />,
    );
    expect(screen.getByText("Survivor 45")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Hidden/ })).toBeNull();
  });
});
