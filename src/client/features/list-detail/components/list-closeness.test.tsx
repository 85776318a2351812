// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ListCloseness as Closeness } from "#shared/consensus.ts";
import { ListCloseness } from "./list-closeness.tsx";

const LIST = { userId: "u1", id: "list_1", kind: "seasons" as string | null };

const CLOSENESS: Closeness = {
  kind: "seasons",
  slice: "all",
  closeness: 0.734,
  hottestTake: null,
  computedAt: "2026-11-27T07:00:00.000Z",
};

/** The server: answers the closeness request with `status` and `body`, and keeps the paths asked for. */
function stubServer(status: number, body: unknown) {
  const paths: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      paths.push(new URL(input, "http://localhost").pathname);
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return paths;
}

function renderSection(list = LIST) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "*", element: <ListCloseness list={list} /> }]);
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ListCloseness", () => {
  it("shows the closeness as a percentage, the explanation and a link to the consensus of the list's kind", async () => {
    const paths = stubServer(200, CLOSENESS);
    renderSection();
    const heading = await screen.findByRole("heading", { name: "How close is this list to the community?" });
    expect(heading).toBeTruthy();
    expect(screen.getByText("73%")).toBeTruthy();
    expect(screen.getByText(/^Rank-biased overlap with the Community Consensus/)).toBeTruthy();
    expect(screen.getByRole("link", { name: /Community Consensus/ }).getAttribute("href")).toBe(
      "/consensus?kind=seasons",
    );
    // Not the owner: no hottest take.
    expect(screen.queryByText("Your hottest take")).toBeNull();
    expect(paths).toEqual(["/api/consensus/lists/u1/list_1"]);
  });

  it("shows the owner their hottest take", async () => {
    stubServer(200, {
      ...CLOSENESS,
      closeness: 0.4,
      hottestTake: { id: "s3", name: "Fiji", listRank: 1, communityRank: 48 },
    });
    renderSection();
    expect(await screen.findByText("40%")).toBeTruthy();
    expect(screen.getByText("Your hottest take")).toBeTruthy();
    expect(screen.getByText("#1 Fiji — community #48")).toBeTruthy();
  });

  it("links a castaway list of one season's cast to that season's consensus", async () => {
    stubServer(200, { ...CLOSENESS, kind: "castaways", slice: "season-45" });
    renderSection({ ...LIST, kind: "castaways" });
    expect((await screen.findByRole("link", { name: /Community Consensus/ })).getAttribute("href")).toBe(
      "/consensus?kind=castaways&slice=season-45",
    );
  });

  it("says quietly when the consensus has not been computed yet", async () => {
    stubServer(200, { ...CLOSENESS, closeness: null });
    renderSection();
    expect(await screen.findByText(/has not been computed yet/)).toBeTruthy();
    expect(screen.queryByText(/%$/)).toBeNull();
    expect(screen.queryByText(/^Rank-biased overlap/)).toBeNull();
  });

  it("is hidden entirely when the API has no closeness for the list (404), without retrying", async () => {
    const paths = stubServer(404, { error: { code: "NOT_FOUND", message: "List not found" } });
    const { container } = renderSection();
    await waitFor(() => expect(paths).toHaveLength(1));
    // A moment for a retry that must not come.
    await new Promise((r) => setTimeout(r, 50));
    expect(paths).toHaveLength(1);
    expect(container.textContent).toBe("");
  });

  it("asks nothing for a list without a kind", async () => {
    const paths = stubServer(200, CLOSENESS);
    const { container } = renderSection({ ...LIST, kind: null });
    await new Promise((r) => setTimeout(r, 20));
    expect(paths).toEqual([]);
    expect(container.textContent).toBe("");
  });
});
