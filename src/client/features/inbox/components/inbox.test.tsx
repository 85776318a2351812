// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InboxDto, InboxEntryDto } from "#server/api-types.ts";
import { Inbox } from "./inbox.tsx";
import { InboxMenuBadge } from "./inbox-menu-badge.tsx";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function entry(over: Partial<InboxEntryDto> & Pick<InboxEntryDto, "id" | "type">): InboxEntryDto {
  return {
    actorId: "ann",
    actorName: "Ann",
    actorPictureUrl: null,
    content: null,
    isNew: true,
    createdAt: minutesAgo(3),
    link: { kind: "list", userId: "me", listId: "list_1" },
    ...over,
  };
}

const COMMENTED = entry({ id: "n1", type: "comment", content: "Great list, well done" });
const REPLIED = entry({
  id: "n2",
  type: "comment_reply",
  actorName: "Bob",
  content: "Thanks!",
  link: null,
  createdAt: minutesAgo(60),
});
const LIKED = entry({ id: "n3", type: "list_like", isNew: false, createdAt: minutesAgo(60 * 24 * 2) });
const OTHER = entry({
  id: "n4",
  type: "mystery",
  isNew: false,
  link: { kind: "category", categoryId: "season-49" },
});

let inbox: InboxDto;
let calls: string[];

/** The notifications API: reads answer `inbox`; marking read changes it as the server would. */
function serve() {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push(`${method} ${url}`);
      if (url === "/api/notifications/read-all") {
        inbox = { notifications: inbox.notifications.map((n) => ({ ...n, isNew: false })), unread: 0 };
      } else if (method === "POST") {
        const id = url.split("/")[3];
        const before = inbox.notifications.find((n) => n.id === id)?.isNew;
        inbox = {
          notifications: inbox.notifications.map((n) => (n.id === id ? { ...n, isNew: false } : n)),
          unread: inbox.unread - (before ? 1 : 0),
        };
      }
      return new Response(JSON.stringify(inbox), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
}

function renderInbox() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <>
            <Inbox />
            <p data-testid="outside">elsewhere</p>
            <InboxMenuBadge />
          </>
        ),
      },
    ],
    { initialEntries: ["/rankings"] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const inboxButton = () => screen.getByRole("button", { name: /^Inbox/ });
const panel = () => screen.queryByRole("region", { name: "Notifications" });

beforeEach(() => {
  inbox = { notifications: [COMMENTED, REPLIED, LIKED, OTHER], unread: 2 };
  serve();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Inbox", () => {
  it("shows the unread count on the button and on the menu badge, hidden at 0", async () => {
    renderInbox();
    await waitFor(() => expect(screen.getByTestId("inbox-badge").textContent).toBe("2"));
    expect(screen.getByTestId("inbox-menu-badge").textContent).toBe("2");
    expect(inboxButton().textContent).toContain("Inbox");
    expect(inboxButton().getAttribute("aria-expanded")).toBe("false");
    cleanup();
    inbox = { notifications: [LIKED], unread: 0 };
    renderInbox();
    await waitFor(() => expect(calls).toContain("GET /api/notifications"));
    expect(screen.queryByTestId("inbox-badge")).toBeNull();
    expect(screen.queryByTestId("inbox-menu-badge")).toBeNull();
  });

  it("opens on a click with the product's lines, icons and unread marks; Escape closes it and reads all", async () => {
    renderInbox();
    await waitFor(() => expect(screen.getByTestId("inbox-badge")).toBeTruthy());
    act(() => fireEvent.click(inboxButton()));
    expect(inboxButton().getAttribute("aria-expanded")).toBe("true");
    const items = within(panel()!).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector(".inbox-entry-line")!.textContent)).toEqual([
      'Ann commented "Great list..."',
      'Bob replied to your comment: "Thanks!..."',
      "Ann liked your list!",
      "New notification",
    ]);
    expect(items.map((li) => li.querySelector(".inbox-entry-icon")!.className)).toEqual([
      "inbox-entry-icon is-comment",
      "inbox-entry-icon is-comment",
      "inbox-entry-icon is-like",
      "inbox-entry-icon",
    ]);
    expect(items.map((li) => li.querySelector(".inbox-entry")!.classList.contains("is-new"))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(within(items[0]!).getByText("3m ago")).toBeTruthy();
    expect(within(items[2]!).getByText("2d ago")).toBeTruthy();
    expect(within(items[0]!).getByRole("link").getAttribute("href")).toBe("/list/me/list_1");
    expect(within(items[3]!).getByRole("link").getAttribute("href")).toBe("/global-rankings/season-49");

    act(() => fireEvent.keyDown(within(panel()!).getAllByRole("link")[0]!, { key: "Escape" }));
    expect(panel()).toBeNull();
    expect(document.activeElement).toBe(inboxButton());
    await waitFor(() => expect(calls).toContain("POST /api/notifications/read-all"));
    await waitFor(() => expect(screen.queryByTestId("inbox-badge")).toBeNull());
  });

  it("says when there is nothing", async () => {
    inbox = { notifications: [], unread: 0 };
    renderInbox();
    await waitFor(() => expect(calls).toContain("GET /api/notifications"));
    act(() => fireEvent.click(inboxButton()));
    expect(await within(panel()!).findByText("No notifications yet")).toBeTruthy();
  });

  it("opens on hover, and the pointer leaving closes it and reads all", async () => {
    renderInbox();
    await waitFor(() => expect(screen.getByTestId("inbox-badge")).toBeTruthy());
    const root = inboxButton().parentElement!;
    act(() => fireEvent.pointerEnter(root, { pointerType: "mouse" }));
    expect(panel()).not.toBeNull();
    // A click while it is open from hovering keeps it open.
    act(() => fireEvent.click(inboxButton()));
    expect(panel()).not.toBeNull();
    act(() => fireEvent.pointerLeave(root, { pointerType: "mouse" }));
    expect(panel()).toBeNull();
    await waitFor(() => expect(calls).toContain("POST /api/notifications/read-all"));
    expect(screen.queryByTestId("inbox-menu-badge")).toBeNull();
  });

  it("ignores a finger's enter and leave; a tap toggles it, a tap outside closes it", async () => {
    renderInbox();
    await waitFor(() => expect(screen.getByTestId("inbox-badge")).toBeTruthy());
    const root = inboxButton().parentElement!;
    act(() => fireEvent.pointerEnter(root, { pointerType: "touch" }));
    expect(panel()).toBeNull();
    act(() => fireEvent.click(inboxButton()));
    act(() => fireEvent.pointerLeave(root, { pointerType: "touch" }));
    expect(panel()).not.toBeNull();
    act(() => fireEvent.click(inboxButton()));
    expect(panel()).toBeNull();
    await waitFor(() => expect(calls).toContain("POST /api/notifications/read-all"));

    act(() => fireEvent.click(inboxButton()));
    act(() => fireEvent.pointerDown(screen.getByTestId("outside")));
    expect(panel()).toBeNull();
  });

  it("a click on a notification marks it read, closes, and goes to its list", async () => {
    const router = renderInbox();
    await waitFor(() => expect(screen.getByTestId("inbox-badge")).toBeTruthy());
    act(() => fireEvent.click(inboxButton()));
    act(() => fireEvent.click(screen.getByText('Ann commented "Great list..."')));
    expect(panel()).toBeNull();
    expect(router.state.location.pathname).toBe("/list/me/list_1");
    await waitFor(() => expect(calls).toContain("POST /api/notifications/n1/read"));
    await waitFor(() => expect(screen.getByTestId("inbox-badge").textContent).toBe("1"));
    expect(calls).not.toContain("POST /api/notifications/read-all");
  });

  it("a notification whose comment is gone is marked read and leads nowhere", async () => {
    const router = renderInbox();
    await waitFor(() => expect(screen.getByTestId("inbox-badge")).toBeTruthy());
    act(() => fireEvent.click(inboxButton()));
    const gone = screen.getByText('Bob replied to your comment: "Thanks!..."').closest("button")!;
    act(() => fireEvent.click(gone));
    expect(panel()).toBeNull();
    expect(router.state.location.pathname).toBe("/rankings");
    await waitFor(() => expect(calls).toContain("POST /api/notifications/n2/read"));
  });
});
