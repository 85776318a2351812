// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import type { ReactionTarget } from "../model/patch-list.ts";
import { FavoriteButton } from "./favorite-button.tsx";
import { UpvoteButton } from "./upvote-button.tsx";

const LIST: ReactionTarget = {
  id: "list_1",
  userId: "owner",
  upvoteCount: 2,
  viewer: { upvoted: false, favorited: false },
};
const KEY = ["browse", "page", 1];
/** What a refetch after the toggle answers: the server's view of the list. */
let serverList: ReactionTarget = LIST;

function Cards({ signedIn, variant }: { signedIn: boolean; variant?: "card" | "detail" }) {
  // The buttons read the list from a query, as the pages do.
  const { data } = useQuery({ queryKey: KEY, queryFn: () => ({ lists: [serverList] }), staleTime: Infinity });
  const list = data!.lists[0]!;
  return (
    <>
      <FavoriteButton list={list} signedIn={signedIn} variant={variant} />
      <UpvoteButton list={list} signedIn={signedIn} variant={variant} />
    </>
  );
}

function renderCards(signedIn: boolean, variant?: "card" | "detail") {
  serverList = LIST;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(KEY, { lists: [LIST] });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <Cards signedIn={signedIn} variant={variant} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return client;
}

function stubFetch(respond: (url: string) => { status: number; body: unknown }) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      const { status, body } = respond(url);
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("reaction buttons", () => {
  it("are disabled for visitors, with the product's titles", () => {
    renderCards(false);
    // The accessible name holds what the visitor sees in the tooltip.
    const star = screen.getByRole("button", { name: "Login to favorite lists" });
    expect(star).toHaveProperty("disabled", true);
    expect(star.getAttribute("title")).toBe("Login to favorite lists");
    const upvote = screen.getByRole("button", { name: "2 upvotes" });
    expect(upvote).toHaveProperty("disabled", true);
    expect(upvote.getAttribute("title")).toBe("Login to upvote");
    cleanup();
    renderCards(false, "detail");
    expect(screen.getByRole("button", { name: "2 upvotes" }).getAttribute("title")).toBe("Sign in to upvote");
  });

  it("favourites with a popup and patches the cached cards", async () => {
    const calls = stubFetch(() => ({ status: 200, body: { favorited: true } }));
    const client = renderCards(true);
    serverList = { ...LIST, viewer: { upvoted: false, favorited: true } };
    const star = screen.getByRole("button", { name: "Add to favorites" });
    expect(star.getAttribute("aria-pressed")).toBe("false");
    act(() => fireEvent.click(star));
    await screen.findByText("Added to favorites");
    expect(calls).toContain("/api/lists/owner/list_1/favorite");
    const pressed = screen.getByRole("button", { name: "Remove from favorites" });
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    expect(pressed.textContent).toBe("★");
    expect(client.getQueryData<{ lists: ReactionTarget[] }>(KEY)?.lists[0]?.viewer?.favorited).toBe(true);
  });

  it("upvotes optimistically and takes the server's count", async () => {
    stubFetch(() => ({ status: 200, body: { upvoted: true, upvoteCount: 7 } }));
    renderCards(true);
    serverList = { ...LIST, upvoteCount: 7, viewer: { upvoted: true, favorited: false } };
    act(() => fireEvent.click(screen.getByRole("button", { name: "2 upvotes" })));
    const after = await screen.findByRole("button", { name: "7 upvotes" });
    expect(after.getAttribute("aria-pressed")).toBe("true");
    expect(after.textContent).toBe("▲7");
  });

  it("shows the new state before the server answers", async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderCards(true);
    act(() => fireEvent.click(screen.getByRole("button", { name: "2 upvotes" })));
    const optimistic = await screen.findByRole("button", { name: "3 upvotes" });
    expect(optimistic.getAttribute("aria-pressed")).toBe("true");
    serverList = { ...LIST, upvoteCount: 3, viewer: { upvoted: true, favorited: false } };
    await act(async () =>
      answer(new Response(JSON.stringify({ upvoted: true, upvoteCount: 3 }), { status: 200 })),
    );
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "3 upvotes" }).getAttribute("aria-busy")).toBeNull(),
    );
  });

  it("rolls back and says why when the server refuses", async () => {
    stubFetch((url) =>
      url.endsWith("/upvote")
        ? { status: 401, body: { error: { code: "UNAUTHORIZED", message: "no" } } }
        : { status: 500, body: { error: { code: "INTERNAL", message: "boom" } } },
    );
    renderCards(true);
    act(() => fireEvent.click(screen.getByRole("button", { name: "2 upvotes" })));
    await screen.findByText("You must be logged in to upvote lists.");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "2 upvotes" }).getAttribute("aria-pressed")).toBe("false"),
    );
    act(() => fireEvent.click(screen.getByRole("button", { name: "Add to favorites" })));
    await screen.findByText("Failed to update favorites. Please try again.");
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Add to favorites" }).getAttribute("aria-pressed")).toBe(
        "false",
      ),
    );
  });
});
