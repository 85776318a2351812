// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ListCardDto, ListEntryDto } from "#server/api-types.ts";
import { saveVisitorHorizon } from "#client/lib/spoiler-horizon.ts";
import { ListCard } from "./list-card.tsx";

// A list card under a spoiler horizon (docs/product.md, "Spoiler horizon").

const entry = (id: string, name: string, n: number, isSeason = false): ListEntryDto => ({
  id,
  name,
  isSeason,
  seasonId: `s${n}`,
  seasonName: `Survivor ${n}`,
  seasonNumber: n,
});
const PREVIEW = [
  entry("s1-richard-hatch", "Richard Hatch", 1),
  entry("s45-dee-valladares", "Dee Valladares", 45),
  entry("s49-alex-moore", "Alex Moore", 49),
];
const card = (preview: unknown[], tags: string[] = ["survivor-ranking"]) =>
  ({
    id: "list_1",
    userId: "u1",
    userName: "Sandra",
    userPictureUrl: null,
    name: "Queens",
    description: "",
    tags,
    kind: "castaways",
    upvoteCount: 0,
    itemCount: 3,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    preview,
  }) as unknown as ListCardDto;

function renderCard(list: ListCardDto, session: unknown = null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(["session"], session);
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return Response.json({ list: { ...list, items: PREVIEW } });
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ListCard list={list} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  saveVisitorHorizon(null);
});

describe("ListCard under a spoiler horizon", () => {
  it("hides a visitor's later castaways, one tap each, or all at once", () => {
    saveVisitorHorizon({ upTo: 30 });
    renderCard(card(PREVIEW));
    expect(screen.getByText("Richard Hatch")).toBeTruthy();
    expect(screen.queryByText("Dee Valladares")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Hidden: season 45, reveal" }));
    expect(screen.getByText("Dee Valladares")).toBeTruthy();
    expect(screen.queryByText("Alex Moore")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Hidden: season 49, reveal" }));
    expect(screen.getByText("Alex Moore")).toBeTruthy();
  });

  it("offers Reveal all when more than one is hidden", () => {
    saveVisitorHorizon({ upTo: 1 });
    renderCard(card(PREVIEW));
    fireEvent.click(screen.getByRole("button", { name: /Reveal all/ }));
    expect(screen.getByText("Dee Valladares")).toBeTruthy();
    expect(screen.getByText("Alex Moore")).toBeTruthy();
  });

  it("leaves a card whose castaways are all inside the horizon as it was", () => {
    saveVisitorHorizon({ upTo: 49 });
    renderCard(card(PREVIEW));
    expect(screen.queryByRole("button", { name: /Hidden|Reveal all/ })).toBeNull();
    expect(screen.getByText("Alex Moore")).toBeTruthy();
  });

  it("marks a season past the horizon and hides no season", () => {
    saveVisitorHorizon({ upTo: 30 });
    renderCard(
      card([entry("s20", "Survivor: Heroes vs. Villains", 20, true), entry("s45", "Survivor 45", 45, true)]),
    );
    const marks = screen.getAllByText("Not watched yet");
    expect(marks).toHaveLength(1);
    expect(marks[0]!.closest("li")!.textContent).toContain("45");
  });

  it("asks for the list whole when a castaway the server hid is tapped, and shows only that one", async () => {
    const member = { id: "m1", name: "M", spoilerHorizon: '{"upTo":30}' };
    const asked = renderCard(
      card([PREVIEW[0], { hidden: true, season: 45 }, { hidden: true, season: 49 }]),
      member,
    );
    fireEvent.click(screen.getByRole("button", { name: "Hidden: season 45, reveal" }));
    expect(await screen.findByText("Dee Valladares")).toBeTruthy();
    expect(asked).toContain("/api/lists/u1/list_1?spoilers=show");
    expect(screen.queryByText("Alex Moore")).toBeNull();
  });

  it("keeps a spoiler-tagged card's entries blurred and out of reach", () => {
    saveVisitorHorizon({ upTo: 30 });
    renderCard(card(PREVIEW, ["spoiler", "survivor-ranking"]));
    const entries = screen.getByText("Richard Hatch").closest("ol")!;
    expect(entries.classList.contains("is-blurred")).toBe(true);
    expect(entries.hasAttribute("inert")).toBe(true);
    expect(within(entries).getAllByRole("button", { hidden: true }).length).toBe(2);
    expect(screen.queryByRole("button", { name: /Reveal all/ })).toBeNull();
  });
});
