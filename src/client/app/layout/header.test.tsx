// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InboxDto } from "#server/api-types.ts";
import { inboxQueryOptions } from "#client/features/inbox/api/inbox-api.ts";
import { STORAGE_KEYS } from "#client/lib/storage.ts";
import { COMPACT_HEADER_QUERY } from "./header.tsx";
import { RootLayout } from "./root-layout.tsx";
import { stubMatchMedia } from "#testing/match-media.ts";

const USER = { id: "u1", name: "Sandra D", email: "s@example.test" };

/** jsdom has no matchMedia: answer `true` for the queries listed. */
function stubMedia(matching: string[]) {
  stubMatchMedia((query) => matching.includes(query));
}

const INBOX: InboxDto = {
  notifications: [
    {
      id: "n1",
      type: "comment",
      actorId: "u2",
      actorName: "Rob",
      actorPictureUrl: null,
      content: "Nice ranking there",
      isNew: true,
      createdAt: new Date().toISOString(),
      link: { kind: "list", userId: "u1", listId: "list_1" },
    },
  ],
  unread: 1,
};

function renderApp(path: string, user: typeof USER | null) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(["session"], user);
  client.setQueryData(inboxQueryOptions().queryKey, INBOX);
  const page = (title: string) => ({ element: <h1>{title}</h1> });
  const router = createMemoryRouter(
    [
      {
        Component: RootLayout,
        children: [
          { path: "/", ...page("Home page") },
          { path: "/login", ...page("Login page") },
          { path: "/mylists", ...page("My lists page") },
          { path: "/rankings", ...page("Browse page") },
          { path: "/global-rankings", ...page("Global page") },
          { path: "/list/:userId/:listId", ...page("List page") },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("header", () => {
  beforeEach(() => {
    localStorage.clear();
    stubMedia([]);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("signed out: every header control, Login and no welcome", () => {
    renderApp("/mylists", null);
    const banner = screen.getByRole("banner");
    expect(within(banner).getByRole("link", { name: "Global Rankings" }).getAttribute("href")).toBe(
      "/global-rankings",
    );
    expect(within(banner).getByRole("link", { name: "Consensus" }).getAttribute("href")).toBe("/consensus");
    expect(within(banner).getByRole("link", { name: "Survivor Rankings" }).getAttribute("href")).toBe("/");
    expect(within(banner).getByRole("link", { name: "My Lists" }).getAttribute("href")).toBe("/mylists");
    expect(within(banner).getByRole("link", { name: "Other Rankings" }).getAttribute("href")).toBe(
      "/rankings",
    );
    expect(within(banner).getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/login");
    expect(within(banner).getByRole("button", { name: /mute music/i })).toBeTruthy();
    expect(within(banner).queryByText(/Welcome/)).toBeNull();
    expect(within(banner).queryByRole("button", { name: "Sign Out" })).toBeNull();
    expect(within(banner).queryByRole("button", { name: /Inbox/ })).toBeNull();
  });

  it("signed in: welcome with the display name and Sign Out", () => {
    renderApp("/mylists", USER);
    const banner = screen.getByRole("banner");
    expect(banner.textContent).toContain("Welcome, Sandra D");
    expect(within(banner).getByRole("button", { name: "Sign Out" })).toBeTruthy();
    expect(within(banner).queryByRole("link", { name: "Login" })).toBeNull();
  });

  it("signed in: the Inbox sits between Other Rankings and Sign Out, with its unread count", () => {
    renderApp("/mylists", USER);
    const nav = within(screen.getByRole("banner")).getByRole("navigation");
    // The nav's own controls in order (the mute button and the links, the Inbox, Sign Out).
    const names = [...nav.querySelectorAll(":scope > a, :scope > button, :scope > .inbox > button")].map(
      (el) => el.textContent,
    );
    const inbox = names.findIndex((n) => n?.startsWith("Inbox"));
    expect(names[inbox - 1]).toBe("Other Rankings");
    expect(names[inbox + 1]).toBe("Sign Out");
    expect(within(nav).getByTestId("inbox-badge").textContent).toBe("1");
  });

  it("opens the spoiler horizon's editor for anyone, naming the horizon set", async () => {
    renderApp("/rankings", null);
    fireEvent.click(screen.getByRole("button", { name: "Spoilers" }));
    const dialog = await screen.findByRole("dialog", { name: "Spoiler horizon" });
    expect(within(dialog).getByRole("radio", { name: /watched up to season/ })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeTruthy();
  });

  it("marks the current section's link", () => {
    renderApp("/rankings", null);
    expect(screen.getByRole("link", { name: "Other Rankings" }).getAttribute("aria-current")).toBe("page");
  });

  it("the mute button toggles aria-pressed and its label, and remembers the choice", () => {
    renderApp("/mylists", null);
    const before = screen.getByRole("button", { name: /mute music/i });
    const startedMuted = before.getAttribute("aria-pressed") === "true";
    act(() => before.click());
    const after = screen.getByRole("button", { name: startedMuted ? "Mute music" : "Unmute music" });
    expect(after.getAttribute("aria-pressed")).toBe(String(!startedMuted));
    expect(localStorage.getItem(STORAGE_KEYS.muted)).toBe(String(!startedMuted));
  });

  it("the title leaves Global Rankings behind the palm fronds, navigating at the halfway point", () => {
    vi.useFakeTimers();
    const router = renderApp("/global-rankings", null);
    const overlay = screen.getByTestId("palm-transition");
    expect(overlay.dataset.phase).toBe("idle");

    act(() => screen.getByRole("link", { name: "Survivor Rankings" }).click());
    expect(overlay.dataset.phase).toBe("closing");
    expect(router.state.location.pathname).toBe("/global-rankings");

    act(() => vi.advanceTimersByTime(550));
    expect(overlay.dataset.phase).toBe("closed");
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByRole("heading", { name: "Home page" })).toBeTruthy();

    act(() => vi.advanceTimersByTime(50));
    expect(overlay.dataset.phase).toBe("opening");
    act(() => vi.advanceTimersByTime(650));
    expect(overlay.dataset.phase).toBe("idle");
    expect(document.activeElement?.id).toBe("main");
  });

  it("every phase of the fronds reaches the page, even when the main thread is too busy to render between them", () => {
    vi.useFakeTimers();
    renderApp("/global-rankings", null);
    const overlay = screen.getByTestId("palm-transition");
    const phases: string[] = [];
    const observer = new MutationObserver(() => {});
    observer.observe(overlay, { attributes: true, attributeFilter: ["data-phase"], attributeOldValue: true });
    // One act: React renders nothing of its own accord until it ends, like a
    // main thread held by the new page for the whole transition.
    act(() => {
      screen.getByRole("link", { name: "Survivor Rankings" }).click();
      vi.advanceTimersByTime(550 + 50 + 650);
    });
    for (const record of observer.takeRecords()) phases.push(record.oldValue ?? "");
    observer.disconnect();
    phases.push(overlay.dataset.phase ?? "");
    expect(phases).toEqual(["idle", "closing", "closed", "opening", "idle"]);
  });

  it("the title elsewhere goes home at once, without the overlay", () => {
    const router = renderApp("/mylists", null);
    act(() => screen.getByRole("link", { name: "Survivor Rankings" }).click());
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByTestId("palm-transition").dataset.phase).toBe("idle");
  });

  it("with reduced motion the title still goes home from Global Rankings, without the animation", () => {
    stubMedia(["(prefers-reduced-motion: reduce)"]);
    const router = renderApp("/global-rankings", null);
    act(() => screen.getByRole("link", { name: "Survivor Rankings" }).click());
    expect(router.state.location.pathname).toBe("/");
    expect(screen.getByTestId("palm-transition").dataset.phase).toBe("idle");
  });

  describe("compact (phone) header", () => {
    beforeEach(() => stubMedia([COMPACT_HEADER_QUERY]));

    it("shows the title, mute and a menu button; the menu holds the other controls", () => {
      renderApp("/mylists", USER);
      const menu = screen.getByRole("button", { name: "Menu" });
      expect(menu.getAttribute("aria-expanded")).toBe("false");
      expect(screen.queryByRole("link", { name: "Global Rankings" })).toBeNull();
      expect(screen.getByRole("button", { name: /mute music/i })).toBeTruthy();

      act(() => menu.click());
      expect(menu.getAttribute("aria-expanded")).toBe("true");
      const panel = document.getElementById(menu.getAttribute("aria-controls")!)!;
      expect(panel.textContent).toContain("Welcome, Sandra D");
      for (const name of ["Global Rankings", "Consensus", "My Lists", "Other Rankings"]) {
        expect(within(panel).getByRole("link", { name })).toBeTruthy();
      }
      expect(within(panel).getByRole("button", { name: "Sign Out" })).toBeTruthy();
    });

    it("Escape closes the menu and returns focus to its button", () => {
      renderApp("/mylists", null);
      const menu = screen.getByRole("button", { name: "Menu" });
      act(() => menu.click());
      fireEvent.keyDown(document, { key: "Escape" });
      expect(menu.getAttribute("aria-expanded")).toBe("false");
      expect(document.activeElement).toBe(menu);
    });

    it("the menu button carries the Inbox's unread count; the Inbox opens inside the menu", () => {
      const router = renderApp("/mylists", USER);
      const menu = screen.getByRole("button", { name: "Menu" });
      expect(within(menu).getByTestId("inbox-menu-badge").textContent).toBe("1");
      act(() => menu.click());
      const inbox = screen.getByRole("button", { name: /^Inbox/ });
      act(() => inbox.click());
      expect(inbox.getAttribute("aria-expanded")).toBe("true");
      // Escape closes the Inbox only; the menu stays open.
      fireEvent.keyDown(screen.getByText('Rob commented "Nice ranki..."'), { key: "Escape" });
      expect(inbox.getAttribute("aria-expanded")).toBe("false");
      expect(menu.getAttribute("aria-expanded")).toBe("true");
      // A notification leads to its list, and the menu closes behind it.
      act(() => inbox.click());
      act(() => screen.getByText('Rob commented "Nice ranki..."').click());
      expect(router.state.location.pathname).toBe("/list/u1/list_1");
      expect(menu.getAttribute("aria-expanded")).toBe("false");
    });

    it("following a link closes the menu", () => {
      const router = renderApp("/mylists", null);
      act(() => screen.getByRole("button", { name: "Menu" }).click());
      act(() => screen.getByRole("link", { name: "Other Rankings" }).click());
      expect(router.state.location.pathname).toBe("/rankings");
      expect(screen.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).toBe("false");
    });
  });
});
