// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CategoryDetailDto } from "#server/api-types.ts";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import { buildCatalog, seasonsQueryOptions } from "#client/lib/seasons-query.ts";
import { GLOBAL_MESSAGES as M } from "#shared/global-rankings.ts";
import { globalRankingsKeys } from "../api/global-rankings-api.ts";
import { GlobalDetailScreen } from "./global-detail-screen.tsx";
import { stubMatchMedia } from "#testing/match-media.ts";

const savannah = { id: "s49-savannah-louie", name: "Savannah Louie" };
const sophie = { id: "s49-sophie-segreti", name: "Sophie Segreti" };

const detail = (mine: CategoryDetailDto["mine"], status: "open" | "closed" = "open"): CategoryDetailDto => ({
  category: {
    id: "season-49",
    name: "Season 49",
    description: "Vote for your favorite Survivor 49 contestants!",
    seasonNumber: 49,
    status,
    totalSubmissions: 2,
    top10: [
      {
        ...savannah,
        imageUrl: "/media/headshots/s49-savannah-louie",
        seasonName: "Survivor 49",
        totalScore: 19,
      },
      {
        ...sophie,
        imageUrl: "/media/headshots/s49-sophie-segreti",
        seasonName: "Survivor 49",
        totalScore: 9,
      },
    ],
  },
  mine,
});

const MINE = {
  slots: [sophie.id, savannah.id, null, null, null, null, null, null, null, null],
  submittedAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  closeness: 0.5,
};

beforeEach(() => {
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDetail(data: CategoryDetailDto | 404 | "pending", signedIn: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(
    seasonsQueryOptions().queryKey,
    buildCatalog([
      {
        id: "s49",
        name: "Survivor 49",
        number: 49,
        castaways: [savannah, sophie],
      } as Parameters<typeof buildCatalog>[0][number],
    ]),
  );
  if (data === 404) {
    const body = JSON.stringify({ error: { code: "NOT_FOUND", message: "Category not found." } });
    vi.stubGlobal("fetch", async () => new Response(body, { status: 404 }));
  } else if (data === "pending") {
    vi.stubGlobal("fetch", () => new Promise(() => {}));
  } else {
    client.setQueryData(globalRankingsKeys.detail("season-49"), data);
  }
  const router = createMemoryRouter(
    [
      {
        path: "/global-rankings/:categoryId",
        element: (
          <GlobalDetailScreen
            categoryId="season-49"
            signedIn={signedIn}
            sessionPending={false}
            renderPicker={() => null}
            renderPickPreview={() => null}
          />
        ),
      },
      { path: "/global-rankings", element: <p>overview</p> },
      { path: "/login", element: <p>login screen</p> },
    ],
    { initialEntries: ["/global-rankings/season-49"] },
  );
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return router;
}

describe("GlobalDetailScreen", () => {
  it("checks the submission status first", () => {
    renderDetail("pending", true);
    expect(screen.getByText(M.checking).getAttribute("role")).toBe("status");
  });

  it("shows visitors the results with points and 'Login to Vote', which goes to /login", async () => {
    const router = renderDetail(detail(null), false);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Season 49");
    expect(screen.getByText("Total Submissions: 2")).toBeTruthy();
    expect(screen.getByRole("heading", { name: M.resultsHeading })).toBeTruthy();
    expect(screen.getByText("19 points")).toBeTruthy();
    expect(screen.queryByRole("button", { name: M.viewMine })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: M.loginToVote }));
    await screen.findByText("login screen");
    expect(router.state.location.pathname).toBe("/login");
    expect(JSON.parse(sessionStorage.getItem("survivor.postLoginAction") ?? "null")).toMatchObject({
      path: "/global-rankings/season-49",
    });
  });

  it("gives a member who has not voted the editor, ten slots of 'Vote for #n'", async () => {
    renderDetail(detail(null), true);
    expect(screen.getByRole("heading", { name: M.voteHeading })).toBeTruthy();
    // The editor's code loads on first use.
    expect(await screen.findByRole("heading", { name: M.createTitle })).toBeTruthy();
    expect(screen.getByText("Vote for #10")).toBeTruthy();
    expect(screen.getByRole("button", { name: M.submit })).toBeTruthy();
    expect(screen.queryByRole("button", { name: M.loginToVote })).toBeNull();
  });

  it("shows a voter the results and how close they are, and toggles to their own ten", async () => {
    renderDetail(detail(MINE), true);
    expect(screen.getByRole("heading", { name: M.resultsHeading })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "How close am I?" })).toBeTruthy();
    expect(screen.getByText("50%")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: M.viewMine }));
    expect(screen.getByRole("heading", { name: M.editHeading })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: M.mineTitle })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Position 1: Sophie Segreti" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: M.viewGlobal }));
    expect(screen.getByRole("heading", { name: M.resultsHeading })).toBeTruthy();
  });

  it("keeps a closed category read-only", () => {
    renderDetail(detail(MINE, "closed"), true);
    expect(screen.getByRole("heading", { name: M.resultsHeading })).toBeTruthy();
    expect(screen.queryByRole("button", { name: M.viewMine })).toBeNull();
    expect(screen.getByText(M.closed)).toBeTruthy();
  });

  it("sends an unknown category back to the overview", async () => {
    const router = renderDetail(404, false);
    await screen.findByText("overview");
    expect(router.state.location.pathname).toBe("/global-rankings");
  });
});
