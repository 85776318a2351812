// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { saveVisitorHorizon } from "#client/lib/spoiler-horizon.ts";
import type { ReferenceEntry, ReferenceListsSnapshot } from "../model/reference-lists.ts";
import { ReferenceListsView } from "./reference-lists-view.tsx";

const entry = (id: string, name: string, n: number): ReferenceEntry => ({
  id,
  name,
  isSeason: false,
  seasonId: `s${n}`,
  seasonName: `Survivor ${n}`,
  seasonNumber: n,
});

afterEach(() => {
  cleanup();
  saveVisitorHorizon(null);
});

describe("the home page's reference lists under a spoiler horizon", () => {
  it("hide castaways past it until tapped", () => {
    saveVisitorHorizon({ upTo: 30 });
    const lists = {
      maddysList: [
        entry("s20-parvati-shallow", "Parvati Shallow", 20),
        entry("s45-dee-valladares", "Dee Valladares", 45),
      ],
      andrewsList: [],
      kendallsList: [],
    } as unknown as ReferenceListsSnapshot["lists"];
    const client = new QueryClient();
    client.setQueryData(["session"], null);
    render(
      <QueryClientProvider client={client}>
        <ReferenceListsView lists={lists} />
      </QueryClientProvider>,
    );
    expect(screen.getByText("Parvati Shallow")).toBeTruthy();
    expect(screen.queryByText("Dee Valladares")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Hidden: season 45, reveal" }));
    expect(screen.getByText("Dee Valladares")).toBeTruthy();
  });
});
