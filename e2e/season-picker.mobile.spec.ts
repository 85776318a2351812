import type { CDPSession, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// The season picker as a bottom sheet on a 390x844 touch screen.

async function openSheet(page: Page) {
  await page.goto("/create");
  // The create screen opens the sheet from its empty ranking.
  await page.getByRole("button", { name: /Your ranking is empty/ }).tap();
  const sheet = page.getByRole("dialog", { name: "Survivor Seasons" });
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAttribute("data-state", "open");
  return sheet;
}

/** A real finger drag (touch events), in `steps` moves. */
async function touchDrag(cdp: CDPSession, x: number, fromY: number, toY: number, steps = 12) {
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: fromY }] });
  for (let i = 1; i <= steps; i++) {
    const y = fromY + ((toY - fromY) * i) / steps;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

const sheetHeight = (page: Page) =>
  page.locator(".sp-sheet").evaluate((el) => Math.round(el.getBoundingClientRect().height));

test.describe("season picker (phone)", () => {
  test("the bottom sheet opens at 85vh and closes with its button and the backdrop", async ({ page }) => {
    const sheet = await openSheet(page);
    await expect(sheet.getByRole("heading", { name: "Survivor Seasons" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Collapse seasons menu" })).toHaveCount(0);
    await expect.poll(() => sheetHeight(page)).toBe(Math.round(844 * 0.85));

    await sheet.getByRole("button", { name: "Close seasons menu" }).tap();
    await expect(sheet).toBeHidden();

    await page.getByRole("button", { name: /Your ranking is empty/ }).tap();
    await expect(sheet).toBeVisible();
    // The dimmed page above the sheet closes it too.
    await page.mouse.click(195, 40);
    await expect(sheet).toBeHidden();
  });

  test("the handle resizes the sheet between 100 px and 95 % of the window", async ({ page }) => {
    await openSheet(page);
    const handle = page.getByRole("separator", { name: "Resize seasons panel" });
    const box = (await handle.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);

    // Down 300 px: 717 - 300.
    await touchDrag(cdp, x, y, y + 300);
    await expect.poll(() => sheetHeight(page)).toBe(717 - 300);

    // Far up: stops at 95 % of 844.
    const top = (await handle.boundingBox())!;
    await touchDrag(cdp, x, top.y + top.height / 2, 5);
    await expect.poll(() => sheetHeight(page)).toBe(Math.round(844 * 0.95));
    await expect(page.getByRole("dialog", { name: "Survivor Seasons" })).toBeVisible();

    // Pulled below 100 px: put away.
    const now = (await handle.boundingBox())!;
    await touchDrag(cdp, x, now.y + now.height / 2, 840);
    await expect(page.getByRole("dialog", { name: "Survivor Seasons" })).toBeHidden();
  });

  test("a finger scrolls the season grid instead of dragging, and a tap opens a season", async ({ page }) => {
    const sheet = await openSheet(page);
    const scroller = sheet.locator(".sp-scroll");
    const card = sheet.getByRole("button", { name: "Survivor: Africa", exact: true });
    const box = (await card.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    await touchDrag(cdp, box.x + box.width / 2, box.y + box.height / 2, box.y - 250);
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
    await expect(sheet).toBeVisible();
    // A tap while the grid still glides from the swipe only stops it, as on a
    // phone: tap once it rests (CI once tapped mid-glide and opened nothing).
    await expect
      .poll(async () => {
        const before = await scroller.evaluate((el) => el.scrollTop);
        await page.waitForTimeout(200);
        return (await scroller.evaluate((el) => el.scrollTop)) === before;
      })
      .toBe(true);

    await sheet.getByRole("button", { name: "Survivor: Palau", exact: true }).tap();
    await expect(sheet.getByRole("heading", { name: "Palau" })).toBeVisible();
    await expect(sheet.getByRole("button", { name: "Back to Seasons" })).toBeVisible();
  });

  test("search, then tapping a contestant adds them to the ranking", async ({ page }) => {
    const sheet = await openSheet(page);
    await sheet.getByPlaceholder("Search seasons or contestants...").fill("cirie");
    await expect(sheet.getByRole("heading", { name: "Search Results" })).toBeVisible();
    const cirie = sheet.getByRole("button", { name: /^Cirie Fields,/ });
    await expect(cirie).toHaveCount(1);
    await cirie.tap();
    await expect(page.getByRole("list", { name: "Your ranking" })).toContainText("Cirie Fields");
  });
});
