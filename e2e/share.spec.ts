import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { baseURL, expect, test } from "./fixtures.ts";

// The list page's Share button and its 'Share Your Ranking' modal (desktop, 1366 px).

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function createList(page: Page, name: string) {
  const res = await page.request.post("/api/lists", {
    data: {
      name,
      description: "",
      tags: [],
      items: ["s20-sandra-diaz-twine", "s1-richard-hatch", "s2-colby-donaldson"],
    },
    headers: { Origin: baseURL() },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).list as { id: string; userId: string };
}

/** Waits until every picture in `scope` has loaded, and answers their natural widths. */
async function loadedWidths(scope: Locator): Promise<number[]> {
  const images = scope.locator("img");
  await expect
    .poll(() => images.evaluateAll((els) => els.every((el) => (el as HTMLImageElement).complete)))
    .toBe(true);
  return images.evaluateAll((els) => els.map((el) => (el as HTMLImageElement).naturalWidth));
}

async function downloadBytes(page: Page, dialog: Locator) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("button", { name: "Download Image" }).click(),
  ]);
  const bytes = await readFile((await download.path())!);
  return { name: download.suggestedFilename(), bytes };
}

// The server draws share pictures one at a time, in a worker thread
// (docs/decisions/017-share-render-pool.md): two tests pressing Share at once
// on a busy machine wait for four uncached pictures, and the first for the
// thread's start, before the dialog opens.
const PICTURES_DRAWN_MS = 20_000;

test.describe("Share (desktop)", () => {
  // Each opening renders two 1080x1350 pictures on the server (uncached: a new list);
  // on a busy CI machine that and the downloads take a good part of the default 45 s.
  test.beforeEach(() => test.slow());

  test("Share opens two rendered pictures; Download Image saves each as a PNG under the list's name", async ({
    signedInPage: page,
  }) => {
    const list = await createList(page, "Queens of the Island");
    await page.goto(`/list/${list.userId}/${list.id}`);
    const share = page.getByRole("button", { name: "Share", exact: true });
    await expect(share).toBeVisible();
    await expect(page.getByRole("button", { name: "Share List" })).toHaveCount(0);

    await share.click();
    const dialog = page.getByRole("dialog", { name: "Share Your Ranking" });
    await expect(dialog).toBeVisible({ timeout: PICTURES_DRAWN_MS });
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(await loadedWidths(dialog)).toEqual([1080, 1080]);
    await expect(share).toHaveText("Share");
    await expect(dialog.getByText("Tip: Long press the image to save it to your camera roll.")).toHaveCount(
      0,
    );

    const dots = dialog.getByRole("button", { name: /^Show / });
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    const classic = await downloadBytes(page, dialog);
    expect(classic.name).toBe("Queens_of_the_Island_ranking.png");
    expect([...classic.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);

    await dialog.getByRole("button", { name: "Next image" }).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    const beach = await downloadBytes(page, dialog);
    expect(beach.name).toBe("Queens_of_the_Island_ranking_beach.png");
    expect([...beach.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    // Two layouts, two different pictures.
    expect(beach.bytes.equals(classic.bytes)).toBe(false);
  });

  test("arrows, dots and the Left/Right keys switch pictures; Tab stays inside; Escape closes and the focus returns", async ({
    signedInPage: page,
  }) => {
    const list = await createList(page, "Keyboard castaways");
    await page.goto(`/list/${list.userId}/${list.id}`);
    const share = page.getByRole("button", { name: "Share", exact: true });
    await share.click();
    const dialog = page.getByRole("dialog", { name: "Share Your Ranking" });
    await expect(dialog).toBeVisible({ timeout: PICTURES_DRAWN_MS });
    // The carousel has the focus, so the arrow keys work at once.
    await expect(dialog.getByRole("region", { name: /share pictures/ })).toBeFocused();

    const dots = dialog.getByRole("button", { name: /^Show / });
    await expect(dots).toHaveCount(2);
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await dialog.getByRole("button", { name: "Next image" }).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(dialog.getByText("Beach layout")).toBeVisible();
    await dialog.getByRole("button", { name: "Previous image" }).click();
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await page.keyboard.press("ArrowRight");
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(dots.nth(0)).toHaveAttribute("aria-current", "true");
    await dots.nth(1).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");

    // Tab goes round the dialog's controls and never out to the page.
    const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press("Tab");
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await inside()).toBe(true);

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(share).toBeFocused();
  });

  test("Close and a click beside the dialog close it; the page behind does not scroll while it is open", async ({
    signedInPage: page,
  }) => {
    const list = await createList(page, "Closing time");
    await page.goto(`/list/${list.userId}/${list.id}`);
    const share = page.getByRole("button", { name: "Share", exact: true });
    await share.click();
    const dialog = page.getByRole("dialog", { name: "Share Your Ranking" });
    await expect(dialog).toBeVisible({ timeout: PICTURES_DRAWN_MS });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(share).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");

    await share.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(8, 450);
    await expect(dialog).toHaveCount(0);
  });
});

test.describe("Link preview (no JavaScript)", () => {
  /** A meta tag's content, read from the HTML as a crawler gets it. */
  const metaContent = (html: string, key: string) => {
    const tag = html.match(
      new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`),
    );
    return tag?.[1]?.replaceAll("&amp;", "&");
  };

  test("a list page's og:image answers a 1200x630 PNG", async ({ signedInPage: page, request }) => {
    const list = await createList(page, "Preview castaways");
    // The request context runs no script: what a chat or social crawler reads.
    const res = await request.get(`/list/${list.userId}/${list.id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const image = metaContent(html, "og:image");
    expect(image).toMatch(new RegExp(`^${baseURL()}/`));
    expect(metaContent(html, "og:image:width")).toBe("1200");
    expect(metaContent(html, "og:image:height")).toBe("630");
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");

    const picture = await request.get(image!);
    expect(picture.status()).toBe(200);
    expect(picture.headers()["content-type"]).toBe("image/png");
    const bytes = await picture.body();
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    // The IHDR chunk comes first: its width and height are the 4-byte numbers at 16 and 20.
    expect(bytes.toString("latin1", 12, 16)).toBe("IHDR");
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
