// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import type { ListCardDto } from "#server/api-types.ts";
import type { PickItem } from "#client/lib/pick-item.ts";
import type { ReferenceEntry, ReferenceListsDto } from "../model/reference-lists.ts";
import { HomeScreen, type HomeScreenProps } from "./home-screen.tsx";
import { stubMatchMedia } from "#testing/match-media.ts";

/** One EventSource per tab (lib/server-events): this stands in for it and lets a test push events. */
class FakeEventSource {
  static current: FakeEventSource | null = null;
  private listeners = new Map<string, Set<(e: { data: string }) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.current = this;
  }
  addEventListener(type: string, fn: (e: { data: string }) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(fn);
  }
  close() {}
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.forEach((fn) => fn({ data: JSON.stringify(data) }));
  }
}
vi.stubGlobal("EventSource", FakeEventSource);

const entry = (id: string, name: string, seasonName = "Survivor: Borneo"): ReferenceEntry => ({
  id,
  name,
  isSeason: false,
  seasonId: id.split("-")[0]!,
  seasonName,
  seasonNumber: 1,
});
const RICH = entry("s1-richard-hatch", "Richard Hatch");
const KELLY = entry("s1-kelly-wiglesworth", "Kelly Wiglesworth");
const ROB = entry("s8-rob-mariano", "Rob Mariano", "Survivor: All-Stars");
const BORNEO: PickItem = {
  id: "s1",
  name: "Survivor: Borneo",
  isSeason: true,
  seasonId: "s1",
  seasonName: "Survivor: Borneo",
  seasonNumber: 1,
  imageUrl: "/media/seasons/s1",
};

const card = (id: string, name: string): ListCardDto => ({
  id,
  userId: "u1",
  userName: "Alice",
  userPictureUrl: null,
  name,
  description: "",
  tags: [],
  kind: "castaways",
  upvoteCount: 2,
  itemCount: 1,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  preview: [RICH],
});

const reference = (over: Partial<ReferenceListsDto> = {}): ReferenceListsDto => ({
  lists: { maddysList: [RICH], andrewsList: [], kendallsList: [] },
  lastUpdated: "2026-01-02T00:00:00.000Z",
  canEdit: false,
  ...over,
});

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
type Call = { url: string; method: string; body: unknown };

function stubFetch(routes: Record<string, (body: unknown) => Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const sent: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method, body: sent });
    const route = routes[`${method} ${url}`];
    const { status, body } = route
      ? await route(sent)
      : { status: 404, body: { error: { message: "nope" } } };
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

function renderHome(props: Partial<HomeScreenProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const picks: Array<(item: PickItem) => void> = [];
  const view = render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <MemoryRouter>
          <HomeScreen
            signedIn={false}
            sessionPending={false}
            renderPicker={(slot) => {
              if (slot.onPick) picks.push(slot.onPick);
              return <aside aria-label="picker">{slot.editable ? "editable" : "browse"}</aside>;
            }}
            renderPickPreview={() => null}
            {...props}
          />
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
  const pick = (item: PickItem) => act(() => picks.at(-1)!(item));
  return { client, pick, ...view };
}

const region = (name: string) => screen.getByRole("region", { name });

describe("HomeScreen", () => {
  beforeEach(() => {
    stubMatchMedia();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("says it is loading, then shows both blocks and the reference lists to a visitor", async () => {
    stubFetch({
      "GET /api/home": () => ({ status: 200, body: { topWeek: [card("list_1", "Big Movers")], recent: [] } }),
      "GET /api/reference-lists": () => ({ status: 200, body: reference() }),
    });
    renderHome();
    expect(screen.getByText("Loading rankings...").getAttribute("role")).toBe("status");

    const top = await screen.findByRole("region", { name: "Top Voted Lists This Week" });
    const link = within(top).getByRole("link", { name: "Big Movers" });
    expect(link.getAttribute("href")).toBe("/list/u1/list_1");
    expect(within(top).getByRole("link", { name: "By Alice" }).getAttribute("title")).toBe(
      "View all rankings by this user",
    );
    expect(within(region("Recently Created Lists")).getByText("No recent lists found")).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Your Favorite Lists" })).toBeNull();

    const maddy = screen.getByRole("article", { name: "Maddy's List" });
    expect(within(maddy).getByText("Richard Hatch")).toBeTruthy();
    expect(within(maddy).getByText("Borneo")).toBeTruthy();
    // Only an editor can fill an empty list, so a visitor does not see one.
    expect(screen.queryByRole("article", { name: "Kendall's List" })).toBeNull();
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.getByRole("complementary", { name: "picker" }).textContent).toBe("browse");
  });

  it("shows the product's texts for an empty week and a failed load", async () => {
    stubFetch({
      "GET /api/home": () => ({ status: 200, body: { topWeek: [], recent: [] } }),
      "GET /api/reference-lists": () => ({ status: 200, body: reference() }),
    });
    renderHome();
    expect(await screen.findByText("No voted lists found this week")).toBeTruthy();
    cleanup();

    stubFetch({
      "GET /api/home": () => ({ status: 500, body: { error: { message: "boom" } } }),
      "GET /api/reference-lists": () => ({ status: 200, body: reference() }),
    });
    renderHome();
    await waitFor(() =>
      expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual([
        "Failed to load lists. Please try again later.",
        "Failed to load lists. Please try again later.",
      ]),
    );
  });

  it("gives signed-in readers their favourites, with loading and empty texts", async () => {
    let release!: () => void;
    const favoritesAnswer = new Promise<{ status: number; body: unknown }>((resolve) => {
      release = () => resolve({ status: 200, body: { lists: [] } });
    });
    stubFetch({
      "GET /api/home": () => ({ status: 200, body: { topWeek: [], recent: [] } }),
      "GET /api/reference-lists": () => ({ status: 200, body: reference() }),
      "GET /api/me/favorites": () => favoritesAnswer,
    });
    renderHome({ signedIn: true });
    const favorites = await screen.findByRole("region", { name: "Your Favorite Lists" });
    expect(within(favorites).getByText("Loading favorites...")).toBeTruthy();
    release();
    expect(
      await within(favorites).findByText(
        "You haven't favorited any lists yet. Click the star icon on lists you like to add them here!",
      ),
    ).toBeTruthy();
  });

  it("reads the lists again on a 'reference-lists' event newer than what it shows, and drops a malformed one", async () => {
    let served = reference();
    const calls = stubFetch({
      "GET /api/home": () => ({ status: 200, body: { topWeek: [], recent: [] } }),
      "GET /api/reference-lists": () => ({ status: 200, body: served }),
    });
    renderHome();
    await screen.findByRole("article", { name: "Maddy's List" });
    expect(screen.queryByRole("article", { name: "Andrew's List" })).toBeNull();

    served = reference({
      lists: { maddysList: [RICH], andrewsList: [ROB, KELLY], kendallsList: [] },
      lastUpdated: "2026-01-05T00:00:00.000Z",
    });
    // Not an event of this type's shape: dropped before any handler sees it.
    act(() => FakeEventSource.current!.emit("reference-lists", { id: "nobodysList", updatedAt: 5 }));
    act(() =>
      FakeEventSource.current!.emit("reference-lists", {
        id: "andrewsList",
        updatedAt: "2026-01-05T00:00:00.000Z",
      }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole("article", { name: "Andrew's List" }))
          .getAllByRole("listitem")
          .map((li) => li.textContent),
      ).toEqual(["1Rob MarianoAll-Stars", "2Kelly WiglesworthBorneo"]),
    );
    expect(calls.filter((c) => c.url === "/api/reference-lists")).toHaveLength(2);
  });

  it("lets an editor add, move and remove, saving each change", async () => {
    const known = new Map([RICH, KELLY, ROB].map((e) => [e.id, e]));
    const calls = stubFetch({
      "GET /api/home": () => ({ status: 200, body: { topWeek: [], recent: [] } }),
      "GET /api/reference-lists": () => ({ status: 200, body: reference({ canEdit: true }) }),
      "PUT /api/reference-lists/maddysList": (sent) => {
        const items = (sent as { items: string[] }).items.map((id) => known.get(id)!);
        return {
          status: 200,
          body: reference({ canEdit: true, lists: { maddysList: items, andrewsList: [], kendallsList: [] } }),
        };
      },
    });
    const puts = () => calls.filter((c) => c.method === "PUT").map((c) => c.body);
    const { pick } = renderHome({ signedIn: true });
    const tab = await screen.findByRole("tab", { name: /Maddy's List/ });
    expect(tab.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("complementary", { name: "picker" }).textContent).toBe("editable");
    const panel = screen.getByRole("tabpanel");
    const names = () =>
      within(panel)
        .getAllByRole("listitem")
        .map((li) => li.querySelector(".ranking-name")!.textContent);

    pick({ ...KELLY, imageUrl: "/media/headshots/s1-kelly-wiglesworth" });
    await waitFor(() => expect(names()).toEqual(["Richard Hatch", "Kelly Wiglesworth"]));
    await waitFor(() => expect(puts()).toEqual([{ items: ["s1-richard-hatch", "s1-kelly-wiglesworth"] }]));

    // A second pick of the same castaway changes nothing.
    pick({ ...KELLY, imageUrl: "" });

    fireEvent.click(within(panel).getByRole("button", { name: "Move Kelly Wiglesworth up" }));
    await waitFor(() => expect(names()).toEqual(["Kelly Wiglesworth", "Richard Hatch"]));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({ items: ["s1-kelly-wiglesworth", "s1-richard-hatch"] });

    fireEvent.click(within(panel).getByRole("button", { name: "Remove Richard Hatch" }));
    await waitFor(() => expect(names()).toEqual(["Kelly Wiglesworth"]));
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts()[2]).toEqual({ items: ["s1-kelly-wiglesworth"] });
  });

  it("puts the list back and shows the server's words when a save is refused", async () => {
    stubFetch({
      "GET /api/home": () => ({ status: 200, body: { topWeek: [], recent: [] } }),
      "GET /api/reference-lists": () => ({ status: 200, body: reference({ canEdit: true }) }),
      "PUT /api/reference-lists/andrewsList": () => ({
        status: 400,
        body: { error: { code: "MIXED_ITEMS", message: "Cannot mix seasons and contestants." } },
      }),
    });
    const { pick } = renderHome({ signedIn: true });
    fireEvent.click(await screen.findByRole("tab", { name: /Andrew's List/ }));
    const panel = screen.getByRole("tabpanel");
    pick({ ...ROB, imageUrl: "" });
    expect(await within(panel).findByRole("alert")).toHaveProperty(
      "textContent",
      "Cannot mix seasons and contestants.",
    );
    await waitFor(() => expect(within(panel).queryAllByRole("listitem")).toHaveLength(0));
    expect(within(panel).getByText("Nothing ranked here yet.")).toBeTruthy();
  });

  it("refuses a season in a list of castaways before asking the server, for 3 seconds", async () => {
    const calls = stubFetch({
      "GET /api/home": () => ({ status: 200, body: { topWeek: [], recent: [] } }),
      "GET /api/reference-lists": () => ({ status: 200, body: reference({ canEdit: true }) }),
    });
    const { pick } = renderHome({ signedIn: true });
    await screen.findByRole("tab", { name: /Maddy's List/ });
    vi.useFakeTimers();
    pick(BORNEO);
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByRole("alert").textContent).toBe("Cannot mix contestants and seasons.");
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
    act(() => vi.advanceTimersByTime(3000));
    expect(within(panel).queryByRole("alert")).toBeNull();
  });

  it("undoes and redoes an editor's change, saving the list it brings back", async () => {
    const known = new Map([RICH, KELLY, ROB].map((e) => [e.id, e]));
    const calls = stubFetch({
      "GET /api/home": () => ({ status: 200, body: { topWeek: [], recent: [] } }),
      "GET /api/reference-lists": () => ({ status: 200, body: reference({ canEdit: true }) }),
      "PUT /api/reference-lists/maddysList": (sent) => {
        const items = (sent as { items: string[] }).items.map((id) => known.get(id)!);
        return {
          status: 200,
          body: reference({ canEdit: true, lists: { maddysList: items, andrewsList: [], kendallsList: [] } }),
        };
      },
    });
    const puts = () => calls.filter((c) => c.method === "PUT").map((c) => c.body);
    const { pick } = renderHome({ signedIn: true });
    await screen.findByRole("tab", { name: /Maddy's List/ });
    const undo = () => screen.getByRole("button", { name: "Undo" }) as HTMLButtonElement;
    const redo = () => screen.getByRole("button", { name: "Redo" }) as HTMLButtonElement;
    const names = () =>
      within(screen.getByRole("tabpanel"))
        .queryAllByRole("listitem")
        .map((li) => li.querySelector(".ranking-name")!.textContent);
    expect(undo().disabled).toBe(true);
    expect(redo().disabled).toBe(true);

    pick({ ...KELLY, imageUrl: "" });
    await waitFor(() => expect(names()).toEqual(["Richard Hatch", "Kelly Wiglesworth"]));
    expect(undo().disabled).toBe(false);

    // Undo from another tab brings back the list it changes, and saves it.
    fireEvent.click(screen.getByRole("tab", { name: /Andrew's List/ }));
    fireEvent.keyDown(document.body, { key: "z", ctrlKey: true });
    expect(screen.getByRole("tab", { name: /Maddy's List/ }).getAttribute("aria-selected")).toBe("true");
    await waitFor(() => expect(names()).toEqual(["Richard Hatch"]));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual({ items: ["s1-richard-hatch"] });
    expect(undo().disabled).toBe(true);
    expect(redo().disabled).toBe(false);

    fireEvent.click(redo());
    await waitFor(() => expect(names()).toEqual(["Richard Hatch", "Kelly Wiglesworth"]));
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts()[2]).toEqual({ items: ["s1-richard-hatch", "s1-kelly-wiglesworth"] });
    expect(redo().disabled).toBe(true);
  });
});
