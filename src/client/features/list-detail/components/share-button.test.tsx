// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider } from "#client/components/ui/toast.tsx";
import { saveVisitorHorizon } from "#client/lib/spoiler-horizon.ts";
import type { ListDetailDto } from "#server/api-types.ts";
import { ShareButton } from "./share-button.tsx";
import { stubMatchMedia } from "#testing/match-media.ts";

const LIST = {
  id: "list_1",
  userId: "u1",
  userName: "Sandra",
  name: "Queens of the Island",
  description: "",
  tags: [],
  kind: "castaways",
  upvoteCount: 0,
  itemCount: 0,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  preview: [],
  items: [],
  viewer: { isOwner: false, upvoted: false, favorited: false },
} as unknown as ListDetailDto;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function stubMobile(mobile: boolean) {
  stubMatchMedia(() => mobile);
}

/** The server: answers each share request by `respond`, and keeps the requests' addresses. */
function stubServer(respond: (url: URL) => Response | Promise<Response>) {
  const calls: URL[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      const url = new URL(input, "http://localhost");
      calls.push(url);
      return respond(url);
    }),
  );
  return calls;
}

// jsdom has no object URLs; these stand in for the browser's and record what was made and revoked.
let made: string[] = [];
let revoked: string[] = [];
beforeEach(() => {
  made = [];
  revoked = [];
  URL.createObjectURL = (() => {
    const url = `blob:test/${made.length}`;
    made.push(url);
    return url;
  }) as typeof URL.createObjectURL;
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderButton(list: ListDetailDto = LIST) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  // A visitor without a spoiler horizon (the button reads the reader's horizon).
  client.setQueryData(["session"], null);
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ShareButton list={list} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe("ShareButton", () => {
  it("desktop: Share, Generating... while both portrait pictures load, then the modal; Close revokes them", async () => {
    stubMobile(false);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls = stubServer(async () => {
      await gate;
      return new Response(PNG, { headers: { "Content-Type": "image/png" } });
    });
    renderButton();
    const button = screen.getByRole("button", { name: "Share" });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe("Generating..."));
    expect(button.getAttribute("aria-busy")).toBe("true");
    release();

    const dialog = await screen.findByRole("dialog", { name: "Share Your Ranking" });
    expect(calls.map((u) => `${u.pathname}${u.search}`)).toEqual([
      "/api/lists/u1/list_1/share?layout=classic&size=portrait",
      "/api/lists/u1/list_1/share?layout=beach&size=portrait",
    ]);
    expect(button.textContent).toBe("Share");
    const images = dialog.querySelectorAll("img");
    expect(Array.from(images, (img) => img.getAttribute("src"))).toEqual(made);
    expect(screen.getByRole("button", { name: "Download Image" })).toBeTruthy();
    expect(screen.queryByText("Tip: Long press the image to save it to your camera roll.")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(revoked.sort()).toEqual([...made].sort());
    expect(document.activeElement).toBe(button);
  });

  it("desktop: Download Image saves the picture shown under the list's file name", async () => {
    stubMobile(false);
    stubServer(() => new Response(PNG, { headers: { "Content-Type": "image/png" } }));
    const saved: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.getAttribute("href")!, download: this.download });
    });
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Share" }));
    await screen.findByRole("dialog");
    fireEvent.click(screen.getByRole("button", { name: "Download Image" }));
    fireEvent.click(screen.getByRole("button", { name: "Next image" }));
    fireEvent.click(screen.getByRole("button", { name: "Download Image" }));
    click.mockRestore();
    expect(saved).toEqual([
      { href: made[0], download: "Queens_of_the_Island_ranking.png" },
      { href: made[1], download: "Queens_of_the_Island_ranking_beach.png" },
    ]);
  });

  it("phones: Share List, the tip instead of Download Image, Escape closes", async () => {
    stubMobile(true);
    stubServer(() => new Response(PNG, { headers: { "Content-Type": "image/png" } }));
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Share List" }));
    const dialog = await screen.findByRole("dialog", { name: "Share Your Ranking" });
    expect(screen.getByText("Tip: Long press the image to save it to your camera roll.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Download Image" })).toBeNull();
    // jsdom has no share sheet, so no button for it.
    expect(screen.queryByRole("button", { name: "Share Image" })).toBeNull();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("phones with a share sheet that takes files: Share Image hands it the picture shown", async () => {
    stubMobile(true);
    stubServer(() => new Response(PNG, { headers: { "Content-Type": "image/png" } }));
    const shared: File[][] = [];
    vi.stubGlobal("navigator", {
      ...navigator,
      canShare: (data: { files?: File[] }) => (data.files?.length ?? 0) > 0,
      share: async (data: { files: File[] }) => void shared.push(data.files),
    });
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Share List" }));
    await screen.findByRole("dialog");
    fireEvent.click(screen.getByRole("button", { name: "Next image" }));
    fireEvent.click(screen.getByRole("button", { name: "Share Image" }));
    await waitFor(() => expect(shared).toHaveLength(1));
    expect(shared[0]!.map((f) => [f.name, f.type])).toEqual([
      ["Queens_of_the_Island_ranking_beach.png", "image/png"],
    ]);
  });

  it("a failure says why in a toast and opens nothing", async () => {
    stubMobile(false);
    stubServer(
      (url) =>
        new Response(
          url.searchParams.get("layout") === "beach"
            ? JSON.stringify({ error: { code: "INTERNAL", message: "Renderer out of memory" } })
            : PNG,
          { status: url.searchParams.get("layout") === "beach" ? 500 : 200 },
        ),
    );
    renderButton();
    fireEvent.click(screen.getByRole("button", { name: "Share" }));
    expect(
      await screen.findByText("Sorry, couldn't generate the shareable images. Error: Renderer out of memory"),
    ).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Share" })).toBeTruthy();
  });
});

describe("under a spoiler horizon", () => {
  afterEach(() => saveVisitorHorizon(null));
  const castaway = (id: string, n: number) => ({
    id,
    name: id,
    isSeason: false,
    seasonId: `s${n}`,
    seasonName: `Survivor ${n}`,
    seasonNumber: n,
  });
  const LATE = {
    ...LIST,
    items: [
      castaway("s1-richard-hatch", 1),
      castaway("s45-austin-li-coon", 45),
      castaway("s49-alex-moore", 49),
    ],
  } as unknown as ListDetailDto;

  it("keeps the pictures behind a note while they show castaways past it, until asked", async () => {
    stubMobile(false);
    saveVisitorHorizon({ upTo: 30 });
    stubServer(() => new Response(PNG, { headers: { "Content-Type": "image/png" } }));
    renderButton(LATE);
    fireEvent.click(screen.getByRole("button", { name: "Share" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/past your spoiler horizon/).textContent).toContain("seasons 45, 49");
    expect(within(dialog).queryAllByRole("img")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Show the pictures" }));
    expect(within(dialog).getAllByRole("img").length).toBeGreaterThan(0);
  });

  it("shows the pictures at once when the pictured castaways are all inside it", async () => {
    stubMobile(false);
    saveVisitorHorizon({ upTo: 50 });
    stubServer(() => new Response(PNG, { headers: { "Content-Type": "image/png" } }));
    renderButton(LATE);
    fireEvent.click(screen.getByRole("button", { name: "Share" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByText(/past your spoiler horizon/)).toBeNull();
  });
});
