// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ListDetailDto, ListEntryDto } from "#server/api-types.ts";
import { listKeys } from "#client/lib/queries/lists.ts";
import { saveVisitorHorizon } from "#client/lib/spoiler-horizon.ts";
import { ListDetailScreen } from "./list-detail-screen.tsx";
import { stubMatchMedia } from "#testing/match-media.ts";

// The list page under a spoiler horizon (docs/product.md, "Spoiler horizon").

const entry = (id: string, name: string, season: number): ListEntryDto => ({
  id,
  name,
  isSeason: false,
  seasonId: `s${season}`,
  seasonName: `Survivor ${season}`,
  seasonNumber: season,
});
const WHOLE_ITEMS = [
  entry("s20-sandra-diaz-twine", "Sandra Diaz-Twine", 20),
  entry("s45-dee-valladares", "Dee Valladares", 45),
  entry("s49-alex-moore", "Alex Moore", 49),
];
const LIST: ListDetailDto = {
  id: "list_1",
  userId: "u1",
  userName: "Sandra",
  userPictureUrl: null,
  name: "Queens",
  description: "",
  tags: ["survivor-ranking"],
  kind: "castaways",
  upvoteCount: 0,
  itemCount: 3,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  preview: [],
  items: WHOLE_ITEMS,
  viewer: { isOwner: false, upvoted: false, favorited: false },
};
const params = { userId: "u1", listId: "list_1" };

/** Renders the page with the list already answered; `fetch` answers whatever else is asked. */
function renderPage(list: ListDetailDto, session: unknown, fetch: (url: string) => Response) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(listKeys.detail(params), list);
  client.setQueryData(["session"], session);
  const asked: string[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return fetch(String(input));
  });
  const router = createMemoryRouter(
    [{ path: "/list/:userId/:listId", element: <ListDetailScreen {...params} source="other" /> }],
    { initialEntries: ["/list/u1/list_1"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return asked;
}

const closeness = () =>
  Response.json({ kind: "castaways", slice: "all", closeness: null, hottestTake: null, computedAt: null });

beforeEach(() => {
  stubMatchMedia();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  saveVisitorHorizon(null);
});

describe("the list page under a visitor's horizon", () => {
  it("shows later castaways as hidden buttons, reveals one on a tap, then all", async () => {
    saveVisitorHorizon({ upTo: 30 });
    renderPage(LIST, null, closeness);
    expect(await screen.findByRole("button", { name: "Hidden: season 45, reveal" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Hidden: season 49, reveal" })).toBeTruthy();
    expect(screen.queryByText("Dee Valladares")).toBeNull();
    expect(screen.getByText("Sandra Diaz-Twine")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Hidden: season 45, reveal" }));
    expect(screen.getByText("Dee Valladares")).toBeTruthy();
    expect(screen.queryByText("Alex Moore")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: /Reveal all/ }));
    expect(screen.getByText("Alex Moore")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Hidden: season/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Reveal all/ })).toBeNull();
  });

  it("leaves a list inside the horizon as it was", async () => {
    saveVisitorHorizon({ upTo: 50 });
    renderPage(LIST, null, closeness);
    expect(await screen.findByText("Alex Moore")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Hidden|Reveal all/ })).toBeNull();
  });

  it("never hides a season, and marks one not watched yet", async () => {
    saveVisitorHorizon({ upTo: 30 });
    const seasons: ListDetailDto = {
      ...LIST,
      kind: "seasons",
      items: [
        {
          id: "s20",
          name: "Survivor: Heroes vs. Villains",
          isSeason: true,
          seasonId: "s20",
          seasonName: "Survivor: Heroes vs. Villains",
          seasonNumber: 20,
        },
        {
          id: "s45",
          name: "Survivor 45",
          isSeason: true,
          seasonId: "s45",
          seasonName: "Survivor 45",
          seasonNumber: 45,
        },
      ],
    };
    renderPage(seasons, null, closeness);
    const late = (await screen.findByText("Not watched yet")).closest("li")!;
    expect(late.textContent).toContain("45");
    expect(screen.getAllByText("Not watched yet")).toHaveLength(1);
    expect(screen.queryByRole("button", { name: /Hidden/ })).toBeNull();
  });
});

describe("the list page for a member whose answer the server hid", () => {
  const hidden: ListDetailDto = {
    ...LIST,
    items: [
      WHOLE_ITEMS[0]!,
      { hidden: true, season: 45 },
      { hidden: true, season: 49 },
    ] as unknown as ListEntryDto[],
  };
  const member = { id: "m1", name: "Member", spoilerHorizon: '{"upTo":30}' };

  it("asks for the list whole on a tap, and shows only the tapped castaway", async () => {
    const asked = renderPage(hidden, member, (url) =>
      url.includes("/api/lists/") ? Response.json({ list: LIST }) : closeness(),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Hidden: season 45, reveal" }));
    expect(await screen.findByText("Dee Valladares")).toBeTruthy();
    expect(asked.some((url) => url.includes("/api/lists/u1/list_1?spoilers=show"))).toBe(true);
    expect(screen.queryByText("Alex Moore")).toBeNull();
    expect(screen.getByRole("button", { name: "Hidden: season 49, reveal" })).toBeTruthy();
  });

  it("downloads the list whole: no castaway is written as hidden", async () => {
    const files: Blob[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, {
        createObjectURL: (b: Blob) => (files.push(b), "blob:x"),
        revokeObjectURL: () => {},
      }),
    );
    const asked = renderPage(hidden, member, (url) =>
      url.includes("/api/lists/") ? Response.json({ list: LIST }) : closeness(),
    );
    fireEvent.click(await screen.findByRole("button", { name: /Download/ }));
    fireEvent.click(screen.getByRole("button", { name: /Text/ }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    const text = await files[0]!.text();
    expect(asked.some((url) => url.includes("/api/lists/u1/list_1?spoilers=show"))).toBe(true);
    expect(text).toContain("Dee Valladares");
    expect(text).toContain("Alex Moore");
    expect(text).not.toMatch(/hidden|undefined/i);
  });
});
