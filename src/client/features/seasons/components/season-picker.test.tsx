// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import type { PickItem } from "#client/lib/pick-item.ts";
import { buildCatalog, type SeasonDto } from "#client/lib/seasons-query.ts";
import { STORAGE_KEYS } from "#client/lib/storage.ts";
import { MOBILE_QUERY } from "#client/lib/use-media-query.ts";
import { SeasonPicker, type SeasonPickerProps } from "./season-picker.tsx";
import { stubMatchMedia } from "#testing/match-media.ts";

const SEASONS: SeasonDto[] = [
  {
    id: "s1",
    number: 1,
    name: "Survivor: Borneo",
    castaways: [
      { id: "s1-richard-hatch", slug: "richard-hatch", name: "Richard Hatch", shortName: "Richard" },
      {
        id: "s1-kelly-wiglesworth",
        slug: "kelly-wiglesworth",
        name: "Kelly Wiglesworth",
        shortName: "Kelly",
      },
    ],
  },
  {
    id: "s8",
    number: 8,
    name: "Survivor: All-Stars",
    castaways: [
      { id: "s8-rob-mariano", slug: "rob-mariano", name: "Rob Mariano", shortName: "Rob" },
      { id: "s8-richard-hatch", slug: "richard-hatch", name: "Richard Hatch", shortName: "Richard" },
    ],
  },
  { id: "s31", number: 31, name: "Survivor: Cambodia", castaways: [] },
  {
    id: "s49",
    number: 49,
    name: "Survivor 49",
    castaways: [{ id: "s49-alex-moore", slug: "alex-moore", name: "Alex Moore", shortName: "Alex" }],
  },
];

function stubMedia(matching: string[]) {
  stubMatchMedia((query) => matching.includes(query));
}

type FetchArgs = [input: string, init?: RequestInit];

function stubFetch(answer: (url: string) => { status: number; body: unknown }) {
  const calls: FetchArgs[] = [];
  vi.stubGlobal("fetch", async (input: string, init?: RequestInit) => {
    calls.push([input, init]);
    const { status, body } = answer(input);
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}

function renderPicker(props: Partial<SeasonPickerProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(["seasons"], buildCatalog(SEASONS));
  const view = render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <SeasonPicker mode="create" signedIn={false} {...props} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { client, ...view };
}

const search = () => screen.getByPlaceholderText("Search seasons or contestants...");

describe("SeasonPicker", () => {
  beforeEach(() => {
    localStorage.clear();
    stubMedia([]);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("shows the title and season cards named without the 'Survivor' prefix", () => {
    renderPicker({ mode: "browse" });
    expect(screen.getByRole("heading", { name: "Survivor Seasons" })).toBeTruthy();
    const card = screen.getByRole("button", { name: "Survivor: Borneo" });
    expect(card.textContent).toBe("Borneo");
    expect(within(card).getByAltText("Survivor: Borneo logo").getAttribute("src")).toBe("/media/seasons/s1");
    expect(screen.getByRole("button", { name: "Survivor 49" }).textContent).toBe("49");
    // Browse mode: no hint, no '+'.
    expect(screen.queryByText(/Click contestants to add them/)).toBeNull();
    expect(screen.queryByRole("button", { name: /^Add / })).toBeNull();
  });

  it("opens a season's contestants and goes back to the seasons", () => {
    renderPicker();
    fireEvent.click(screen.getByRole("button", { name: "Survivor: Borneo" }));
    expect(screen.getByRole("heading", { name: "Borneo" })).toBeTruthy();
    expect(screen.getByAltText("Richard Hatch").getAttribute("src")).toBe(
      "/media/headshots/s1-richard-hatch",
    );
    expect(screen.getByText("Kelly Wiglesworth")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Back to Seasons" }));
    expect(screen.getByRole("button", { name: "Survivor: All-Stars" })).toBeTruthy();
    expect(screen.queryByText("Kelly Wiglesworth")).toBeNull();
  });

  it("says so kindly when a season has no contestants", () => {
    renderPicker();
    fireEvent.click(screen.getByRole("button", { name: "Survivor: Cambodia" }));
    expect(screen.getByText("No contestants for this season yet. Pick another season!")).toBeTruthy();
  });

  it("restores the grid's scroll position on the way back", () => {
    const { container } = renderPicker();
    const scroller = container.querySelector<HTMLElement>(".sp-scroll")!;
    scroller.scrollTop = 240;
    fireEvent.scroll(scroller);
    fireEvent.click(screen.getByRole("button", { name: "Survivor: All-Stars" }));
    expect(scroller.scrollTop).toBe(0);
    fireEvent.click(screen.getByRole("button", { name: "Back to Seasons" }));
    expect(scroller.scrollTop).toBe(240);
  });

  it("searches contestants (once per name, by season) and seasons, and clears", async () => {
    renderPicker({ onPick: () => {} });
    fireEvent.change(search(), { target: { value: "richard" } });
    expect(await screen.findByRole("heading", { name: "Search Results" })).toBeTruthy();
    const rows = screen.getAllByRole("button", { name: /^Richard Hatch,/ });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.getAttribute("aria-label")).toBe("Richard Hatch, Survivor: Borneo");
    expect(within(rows[0]!).getByText("Survivor: Borneo")).toBeTruthy();

    fireEvent.change(search(), { target: { value: "all-stars" } });
    expect(await screen.findByRole("button", { name: "Survivor: All-Stars" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Rob Mariano,/ })).toBeTruthy();

    fireEvent.change(search(), { target: { value: "nobody at all" } });
    expect(await screen.findByText(/No seasons or contestants match/)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Clear search" }));
    expect((search() as HTMLInputElement).value).toBe("");
    expect(screen.queryByRole("heading", { name: "Search Results" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Clear search" })).toBeNull();
  });

  it("create mode: shows the hint, picks contestants, and adds seasons with '+'", () => {
    const onPick = vi.fn<(item: PickItem) => void>();
    renderPicker({ onPick });
    expect(
      screen.getByText(
        "Click contestants to add them to your ranking list or drag them for precise positioning.",
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add Survivor: All-Stars to list" }));
    expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ id: "s8", isSeason: true }));
    // The '+' does not open the season.
    expect(screen.queryByRole("button", { name: "Back to Seasons" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Survivor: All-Stars" }));
    const rob = screen.getByRole("button", { name: "Rob Mariano, Survivor: All-Stars" });
    expect(rob.tagName).toBe("BUTTON");
    fireEvent.click(rob);
    expect(onPick).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: "s8-rob-mariano", isSeason: false, seasonName: "Survivor: All-Stars" }),
    );
  });

  it("global mode: opens the given season without a way back, and no season '+'", () => {
    renderPicker({ mode: "global", autoSelectSeasonId: "s49", hideBackButton: true, onPick: () => {} });
    expect(screen.getByRole("heading", { name: "49" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Alex Moore, Survivor 49" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Back to Seasons" })).toBeNull();
    expect(screen.queryByText(/Click contestants to add them/)).toBeNull();
    // Searching to another season offers the way back to the grid.
    fireEvent.change(search(), { target: { value: "borneo" } });
    fireEvent.click(screen.getByRole("button", { name: "Survivor: Borneo" }));
    fireEvent.click(screen.getByRole("button", { name: "Back to Seasons" }));
    fireEvent.click(screen.getByRole("button", { name: "Survivor 49" }));
    expect(screen.queryByRole("button", { name: "Back to Seasons" })).toBeNull();
  });

  it("signed in: a season click draws for an idol; a find shows the toast for 3 s and refreshes profiles", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch(() => ({ status: 200, body: { found: true, idolsFound: 3 } }));
    const { client } = renderPicker({ signedIn: true });
    const invalidate = vi.spyOn(client, "invalidateQueries");
    fireEvent.click(screen.getByRole("button", { name: "Survivor: Borneo" }));
    expect(await screen.findByText("You found a Hidden Immunity Idol! 🏆")).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe("/api/me/idol-draws");
    expect(calls[0]![1]?.method).toBe("POST");
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["profile"] });
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.queryByText("You found a Hidden Immunity Idol! 🏆")).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText("You found a Hidden Immunity Idol! 🏆")).toBeNull();
  });

  it("signed in: no find, or a failed draw, shows nothing", async () => {
    const debug = vi.spyOn(console, "debug").mockImplementation(() => {});
    let status = 200;
    const calls = stubFetch(() =>
      status === 200
        ? { status, body: { found: false, idolsFound: 0 } }
        : { status, body: { error: { code: "RATE_LIMITED", message: "Slow down" } } },
    );
    renderPicker({ signedIn: true });
    fireEvent.click(screen.getByRole("button", { name: "Survivor: Borneo" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Back to Seasons" }));
    status = 429;
    fireEvent.click(screen.getByRole("button", { name: "Survivor: All-Stars" }));
    await waitFor(() => expect(debug).toHaveBeenCalled());
    expect(calls).toHaveLength(2);
    expect(screen.queryByText("You found a Hidden Immunity Idol! 🏆")).toBeNull();
    expect(screen.getByText("Rob Mariano")).toBeTruthy();
  });

  it("visitors never draw", () => {
    const calls = stubFetch(() => ({ status: 401, body: {} }));
    renderPicker({ signedIn: false });
    fireEvent.click(screen.getByRole("button", { name: "Survivor: Borneo" }));
    expect(calls).toHaveLength(0);
  });

  it("desktop: the collapse toggle is remembered in local storage", () => {
    renderPicker();
    fireEvent.click(screen.getByRole("button", { name: "Collapse seasons menu" }));
    expect(localStorage.getItem(STORAGE_KEYS.seasonsPanelCollapsed)).toBe("true");
    expect(screen.queryByPlaceholderText("Search seasons or contestants...")).toBeNull();
    const expand = screen.getByRole("button", { name: "Expand seasons menu" });
    expect(expand.getAttribute("title")).toBe("Expand seasons menu");
    cleanup();

    renderPicker();
    fireEvent.click(screen.getByRole("button", { name: "Expand seasons menu" }));
    expect(localStorage.getItem(STORAGE_KEYS.seasonsPanelCollapsed)).toBe("false");
    expect(screen.getByRole("button", { name: "Collapse seasons menu" }).getAttribute("title")).toBe(
      "Collapse seasons menu",
    );
  });

  describe("phone layout", () => {
    beforeEach(() => stubMedia([MOBILE_QUERY]));

    it("without sheet props: a floating button opens the sheet, close and Escape put it away", () => {
      renderPicker();
      const sheet = screen.getByRole("dialog", { hidden: true });
      expect(sheet.dataset.state).toBe("closed");
      expect(screen.queryByRole("button", { name: "Collapse seasons menu" })).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "Survivor Seasons" }));
      expect(sheet.dataset.state).toBe("open");
      expect(screen.queryByRole("button", { name: "Survivor Seasons" })).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "Close seasons menu" }));
      expect(sheet.dataset.state).toBe("closed");
      fireEvent.click(screen.getByRole("button", { name: "Survivor Seasons" }));
      fireEvent.keyDown(sheet, { key: "Escape" });
      expect(sheet.dataset.state).toBe("closed");
    });

    it("controlled: follows sheetOpen and reports close requests", () => {
      const onSheetOpenChange = vi.fn();
      renderPicker({ sheetOpen: true, onSheetOpenChange });
      expect(screen.queryByRole("button", { name: "Survivor Seasons" })).toBeNull();
      const sheet = screen.getByRole("dialog");
      expect(sheet.dataset.state).toBe("open");
      fireEvent.click(screen.getByRole("button", { name: "Close seasons menu" }));
      expect(onSheetOpenChange).toHaveBeenCalledWith(false);
      // Still open until the page says otherwise.
      expect(sheet.dataset.state).toBe("open");
    });

    it("the handle resizes the sheet within 100 px and 95 % of the window, and closes below", () => {
      vi.stubGlobal("innerHeight", 1000);
      const onSheetOpenChange = vi.fn();
      renderPicker({ sheetOpen: true, onSheetOpenChange });
      const sheet = screen.getByRole("dialog");
      const handle = screen.getByRole("separator", { name: "Resize seasons panel" });
      // jsdom lays nothing out: the sheet reports its height through this stub.
      sheet.getBoundingClientRect = () => ({ height: 850 }) as DOMRect;
      fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 200 });
      fireEvent.pointerMove(handle, { pointerId: 1, clientY: 0 });
      expect(sheet.style.height).toBe("950px");
      fireEvent.pointerMove(handle, { pointerId: 1, clientY: 500 });
      expect(sheet.style.height).toBe("550px");
      fireEvent.pointerUp(handle, { pointerId: 1, clientY: 500 });
      expect(onSheetOpenChange).not.toHaveBeenCalled();

      sheet.getBoundingClientRect = () => ({ height: 550 }) as DOMRect;
      fireEvent.pointerDown(handle, { pointerId: 2, button: 0, clientY: 500 });
      fireEvent.pointerMove(handle, { pointerId: 2, clientY: 980 });
      expect(sheet.style.height).toBe("100px");
      fireEvent.pointerUp(handle, { pointerId: 2, clientY: 980 });
      expect(onSheetOpenChange).toHaveBeenCalledWith(false);
    });
  });
});
