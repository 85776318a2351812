// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PictureDto } from "#server/api-types.ts";
import { sessionQueryOptions } from "#client/lib/queries/session.ts";
import { PICTURE_MESSAGES } from "#shared/pictures.ts";
import { ProfilePicture } from "./profile-picture.tsx";

const HEADSHOT = "/media/headshots/s1-richard-hatch";
const UPLOADED = "/files/avatars/u1/new-256.webp";
const PICTURE_URL = "/api/users/u1/picture";

type Answer = { status: number; body?: unknown };
let picture: PictureDto;
let onUpload: () => Promise<Answer>;
let onRestore: () => Promise<Answer>;

beforeEach(() => {
  picture = { url: HEADSHOT, lastRolledHeadshot: HEADSHOT, lastRerollTime: null, nextRerollAt: null };
  onUpload = async () => ({ status: 200, body: { ...picture, url: UPLOADED } });
  onRestore = async () => ({ status: 200, body: { ...picture, url: picture.lastRolledHeadshot } });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      const answer: Answer =
        url === "/api/auth/get-session"
          ? { status: 200, body: { user: { id: "u1", name: "Ann", profilePictureUrl: picture.url } } }
          : url === PICTURE_URL && method === "GET"
            ? { status: 200, body: picture }
            : url === PICTURE_URL && method === "POST"
              ? await onUpload()
              : url === `${PICTURE_URL}/restore` && method === "POST"
                ? await onRestore()
                : { status: 404 };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  URL.createObjectURL = vi.fn(() => "blob:chosen-picture");
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPicture(url = HEADSHOT, signedIn = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // My Lists shows this only once the session is known.
  client.setQueryData(
    sessionQueryOptions().queryKey,
    signedIn ? ({ id: "u1", name: "Ann", profilePictureUrl: url } as never) : null,
  );
  render(
    <QueryClientProvider client={client}>
      <ProfilePicture name="Ann" url={url} />
    </QueryClientProvider>,
  );
}

const shown = () => screen.getByRole("img", { name: "Ann's profile picture" }).getAttribute("src");
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], "me.png", { type: "image/png" });
const uploadButton = () => screen.getByRole("button", { name: /Upload Picture|Uploading/ });

describe("ProfilePicture", () => {
  it("refuses a file that is not an image, and an upload without a file or a session", async () => {
    renderPicture();
    fireEvent.click(uploadButton());
    expect(screen.getByRole("alert").textContent).toBe(PICTURE_MESSAGES.noFileOrUser);
    choose(new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(screen.getByRole("alert").textContent).toBe(PICTURE_MESSAGES.invalidFile);
    cleanup();
    renderPicture(HEADSHOT, false);
    choose(png());
    fireEvent.click(uploadButton());
    expect(screen.getByRole("alert").textContent).toBe(PICTURE_MESSAGES.noFileOrUser);
    expect(fetch).not.toHaveBeenCalledWith(PICTURE_URL, expect.objectContaining({ method: "POST" }));
  });

  it("shows the chosen picture at once, busy while it goes up", async () => {
    let finish!: (a: Answer) => void;
    onUpload = () => new Promise((resolve) => (finish = resolve));
    renderPicture();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Re-roll Random" })).toHaveProperty("disabled", false),
    );
    choose(png());
    fireEvent.click(uploadButton());
    await waitFor(() => expect(shown()).toBe("blob:chosen-picture"));
    expect(uploadButton().textContent).toBe("Uploading...");
    expect(uploadButton()).toHaveProperty("disabled", true);
    finish({ status: 200, body: { ...picture, url: UPLOADED } });
    await waitFor(() => expect(uploadButton().textContent).toBe("Upload Picture"));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith("blob:chosen-picture");
  });

  it("puts the old picture back when the upload fails, with the server's reason or the storage text", async () => {
    onUpload = async () => ({
      status: 400,
      body: { error: { code: "NOT_AN_IMAGE", message: PICTURE_MESSAGES.invalidFile } },
    });
    renderPicture();
    choose(png());
    fireEvent.click(uploadButton());
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "Upload failed: Please select a valid image file. Check storage rules.",
    );
    expect(shown()).toBe(HEADSHOT);

    onUpload = async () => ({ status: 503, body: { error: { code: "STORAGE_UNAVAILABLE", message: "x" } } });
    choose(png());
    fireEvent.click(uploadButton());
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(PICTURE_MESSAGES.storageUnavailable),
    );
    expect(shown()).toBe(HEADSHOT);
  });

  it("shows the cooldown as 'Nh Nm' on a disabled button, and Restore Headshot after an upload", async () => {
    picture = { ...picture, nextRerollAt: new Date(Date.now() + (5 * 60 + 3) * 60_000 - 1000).toISOString() };
    renderPicture();
    const waiting = await screen.findByRole("button", { name: "5h 3m" });
    expect(waiting).toHaveProperty("disabled", true);
    cleanup();

    picture = { ...picture, url: UPLOADED };
    renderPicture(UPLOADED);
    expect(await screen.findByRole("button", { name: "Restore Headshot" })).toHaveProperty("disabled", false);
  });

  it("says the restore failure text and keeps the picture when Restore Headshot fails", async () => {
    picture = { ...picture, url: UPLOADED };
    onRestore = async () => ({ status: 500, body: { error: { code: "INTERNAL", message: "boom" } } });
    renderPicture(UPLOADED);
    fireEvent.click(await screen.findByRole("button", { name: "Restore Headshot" }));
    // The text as docs/product.md quotes it (Profiles and pictures), written out: not only the constant.
    expect(await screen.findByRole("alert")).toHaveProperty(
      "textContent",
      "Failed to restore last headshot. Please try again.",
    );
    expect(PICTURE_MESSAGES.restoreFailed).toBe("Failed to restore last headshot. Please try again.");
    expect(shown()).toBe(UPLOADED);
    expect(screen.getByRole("button", { name: "Restore Headshot" })).toHaveProperty("disabled", false);
  });

  describe("the cooldown label, refreshed every 60 s", () => {
    const START = Date.parse("2025-03-01T12:00:00Z");
    beforeEach(() => {
      // Only the clock and the interval are fake: the queries and waitFor keep their real timeouts.
      vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: START });
    });
    afterEach(() => vi.useRealTimers());

    const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

    it("counts down a minute at a time, and not before the minute is up", async () => {
      // 2 h 0 min 30 s left: shown rounded up to the minute.
      picture = { ...picture, nextRerollAt: new Date(START + (120 * 60 + 30) * 1000).toISOString() };
      renderPicture();
      expect(await screen.findByRole("button", { name: "2h 1m" })).toHaveProperty("disabled", true);
      tick(59_000);
      expect(screen.getByRole("button", { name: "2h 1m" })).toBeTruthy();
      tick(1_000);
      expect(screen.getByRole("button", { name: "2h 0m" })).toHaveProperty("disabled", true);
      tick(60_000);
      expect(screen.getByRole("button", { name: "1h 59m" })).toHaveProperty("disabled", true);
    });

    it("turns back into an enabled Re-roll Random when the cooldown ends", async () => {
      picture = { ...picture, nextRerollAt: new Date(START + 90_000).toISOString() };
      renderPicture();
      expect(await screen.findByRole("button", { name: "0h 2m" })).toHaveProperty("disabled", true);
      tick(60_000);
      expect(screen.getByRole("button", { name: "0h 1m" })).toHaveProperty("disabled", true);
      tick(60_000);
      expect(screen.getByRole("button", { name: "Re-roll Random" })).toHaveProperty("disabled", false);
    });
  });
});
