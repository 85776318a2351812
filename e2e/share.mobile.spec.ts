import type { CDPSession, Locator } from "@playwright/test";
import { baseURL, expect, test } from "./fixtures.ts";

// The list page's 'Share List' and its modal on a phone (390 px, touch).

/** A real one-finger swipe of `dx` px across the middle of `target`. */
async function swipe(cdp: CDPSession, target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - dx / 2;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let step = 1; step <= 5; step++) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: x + (dx * step) / 5, y }],
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

// The server draws share pictures one at a time, in a worker thread
// (docs/decisions/017-share-render-pool.md): two tests pressing Share at once
// on a busy machine wait for four uncached pictures, and the first for the
// thread's start, before the dialog opens.
const PICTURES_DRAWN_MS = 20_000;

test.describe("Share (phone)", () => {
  // Each opening renders two 1080x1350 pictures on the server (uncached: a new list);
  // on a busy CI machine that and the downloads take a good part of the default 45 s.
  test.beforeEach(() => test.slow());

  test("Share List opens the pictures with the long-press tip and no Download Image; swipes move; Escape and Close close", async ({
    signedInPage: page,
  }) => {
    const created = await page.request.post("/api/lists", {
      data: { name: "Pocket queens", description: "", tags: [], items: ["s20-sandra-diaz-twine"] },
      headers: { Origin: baseURL() },
    });
    expect(created.status()).toBe(201);
    const list = (await created.json()).list as { id: string; userId: string };
    await page.goto(`/list/${list.userId}/${list.id}`);

    const share = page.getByRole("button", { name: "Share List" });
    await expect(share).toBeVisible();
    await share.click();
    const dialog = page.getByRole("dialog", { name: "Share Your Ranking" });
    await expect(dialog).toBeVisible({ timeout: PICTURES_DRAWN_MS });
    await expect(dialog.getByText("Tip: Long press the image to save it to your camera roll.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Download Image" })).toHaveCount(0);
    const images = dialog.locator("img");
    await expect
      .poll(() => images.evaluateAll((els) => els.map((el) => (el as HTMLImageElement).naturalWidth)))
      .toEqual([1080, 1080]);

    // The picture fits the phone's screen: nothing of the dialog off screen.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);

    const dots = dialog.getByRole("button", { name: /^Show / });
    const cdp = await page.context().newCDPSession(page);
    const viewport = dialog.locator(".share-carousel-viewport");
    await swipe(cdp, viewport, -40);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await swipe(cdp, viewport, -90);
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await swipe(cdp, viewport, 90);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);

    await share.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(share).toHaveText("Share List");
  });
});
