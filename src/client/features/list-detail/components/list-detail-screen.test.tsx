// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiClientError } from "#client/lib/api-client.ts";
import type { ListDetailDto } from "#server/api-types.ts";
import { listKeys } from "#client/lib/queries/lists.ts";
import { ListDetailScreen } from "./list-detail-screen.tsx";
import { stubMatchMedia } from "#testing/match-media.ts";

const LIST: ListDetailDto = {
  id: "list_1",
  userId: "u1",
  userName: "Sandra",
  userPictureUrl: null,
  name: "Queens",
  description: "Who ran the game",
  tags: ["spoiler", "strategic", "survivor-ranking"],
  kind: "castaways",
  upvoteCount: 3,
  itemCount: 2,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  preview: [],
  items: [
    {
      id: "s20-sandra-diaz-twine",
      name: "Sandra Diaz-Twine",
      isSeason: false,
      seasonId: "s20",
      seasonName: "Survivor: Heroes vs. Villains",
      seasonNumber: 20,
    },
    {
      id: "s45-dee-valladares",
      name: "Dee Valladares",
      isSeason: false,
      seasonId: "s45",
      seasonName: "Survivor 45",
      seasonNumber: 45,
    },
  ],
  viewer: { isOwner: true, upvoted: false, favorited: false },
};

function stubMobile(mobile: boolean) {
  stubMatchMedia(() => mobile);
}

function renderAt(data: ListDetailDto | ApiClientError, params = { userId: "u1", listId: "list_1" }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (data instanceof ApiClientError) {
    const body = JSON.stringify({ error: { code: data.code, message: data.message } });
    vi.stubGlobal("fetch", async () => new Response(body, { status: data.status }));
  } else {
    client.setQueryData(listKeys.detail(params), data);
    // The closeness section asks for its own answer after the list is drawn.
    const closeness = { kind: data.kind, slice: "all", closeness: 0.5, hottestTake: null, computedAt: null };
    vi.stubGlobal("fetch", async () => Response.json(closeness));
  }
  const router = createMemoryRouter(
    [
      {
        path: "/list/:userId/:listId",
        element: (
          <ListDetailScreen
            userId={params.userId}
            listId={params.listId}
            source="other"
            renderReactions={(list) => <span data-testid="reactions">{list.upvoteCount}</span>}
          />
        ),
      },
      { path: "/create", element: <p>editor</p> },
    ],
    { initialEntries: [`/list/${params.userId}/${params.listId}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ListDetailScreen", () => {
  it("shows the list, blurred until the spoilers are revealed", () => {
    stubMobile(false);
    renderAt(LIST);
    expect(screen.getByRole("heading", { level: 1, name: "Queens" })).toBeTruthy();
    const author = screen.getByRole("link", { name: "By Sandra" });
    expect(author.getAttribute("href")).toBe("/rankings/user/u1");
    expect(author.getAttribute("title")).toBe("View all rankings by this user");
    expect(screen.getByText("Who ran the game")).toBeTruthy();
    expect(screen.getByTestId("reactions").textContent).toBe("3");
    const tags = screen.getByRole("list", { name: "Tags" });
    expect(tags.textContent).toBe("SpoilerStrategic");
    expect(screen.getByText("Season 45")).toBeTruthy();
    expect(screen.getByText("Survivor: Heroes vs. Villains")).toBeTruthy();

    const entries = document.querySelector(".list-detail-entries")!;
    expect(entries.getAttribute("aria-hidden")).toBe("true");
    expect(screen.getByText("Contains Spoilers")).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole("button", { name: "Reveal spoilers" })));
    expect(entries.getAttribute("aria-hidden")).toBeNull();
    expect(screen.queryByText("Contains Spoilers")).toBeNull();
  });

  it("shows how close the list is to the community under the entries", async () => {
    stubMobile(false);
    renderAt(LIST);
    const heading = await screen.findByRole("heading", { name: "How close is this list to the community?" });
    const entries = document.querySelector(".list-detail-entries-wrap")!;
    expect(entries.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText("50%")).toBeTruthy();
  });

  it("offers the owner Edit List on desktop and Edit My List on phones", () => {
    stubMobile(false);
    renderAt(LIST);
    expect(screen.getByRole("link", { name: "Edit List" }).getAttribute("href")).toBe(
      "/create?edit=list_1&user=u1",
    );
    cleanup();
    stubMobile(true);
    renderAt(LIST);
    expect(screen.getByRole("link", { name: "Edit My List" })).toBeTruthy();
    cleanup();
    renderAt({ ...LIST, tags: [], viewer: { isOwner: false, upvoted: false, favorited: false } });
    expect(screen.queryByRole("link", { name: /Edit/ })).toBeNull();
    expect(screen.queryByText("Contains Spoilers")).toBeNull();
  });

  it("shows the reason a list cannot be shown, with Go Back", async () => {
    stubMobile(false);
    renderAt(new ApiClientError(404, "NOT_FOUND", "No lists found for this user"));
    expect(screen.getByText("Loading list details...")).toBeTruthy();
    expect((await screen.findByRole("alert")).textContent).toBe("No lists found for this user");
    expect(screen.getByRole("button", { name: "Go Back" })).toBeTruthy();
    cleanup();
    renderAt(new ApiClientError(500, "INTERNAL", "boom"));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to load list. Please try again later.",
    );
  });

  it("needs both ids", () => {
    stubMobile(false);
    render(<ListDetailScreen userId="u1" listId={undefined} source="other" />, {
      wrapper: ({ children }) => {
        const router = createMemoryRouter([{ path: "*", element: children }]);
        return <RouterProvider router={router} />;
      },
    });
    expect(screen.getByRole("alert").textContent).toBe("Missing userId or listId");
  });
});
