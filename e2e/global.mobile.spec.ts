import type { CDPSession, Locator, Page } from "@playwright/test";
import { GLOBAL_MESSAGES as M } from "#shared/global-rankings.ts";
import { expect, test } from "./fixtures.ts";

// Global Rankings on a 390x844 touch screen: tap a slot, pick a castaway in the
// bottom sheet; a 150 ms hold drags a slot, a tap chooses it.

const S49 = "/global-rankings/season-49";
const sheet = (page: Page) => page.getByRole("dialog", { name: "Survivor Seasons" });
const slotsList = (page: Page) => page.getByTestId("vote-slots");
const slotNames = (page: Page) => slotsList(page).locator(".ranking-name").allTextContents();
const slotButton = (page: Page, position: number) =>
  slotsList(page).getByRole("button", { name: new RegExp(`^Position ${position}: `) });

async function tapSlotThenCastaway(page: Page, position: number, castaway: string) {
  await slotButton(page, position).tap();
  await expect(sheet(page)).toBeVisible();
  await sheet(page)
    .getByRole("button", { name: new RegExp(`^${castaway},`) })
    .tap();
  await expect(sheet(page)).toBeHidden();
}

/** A finger held still past the 150 ms hold, then moved, then lifted (real touch events). */
async function touchHoldDrag(cdp: CDPSession, from: Locator, to: Locator) {
  await from.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const x = a.x + a.width * 0.45;
  const fromY = a.y + a.height / 2;
  const toY = b.y + b.height * 0.4;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: fromY }] });
  await new Promise((r) => setTimeout(r, 300));
  const steps = 14;
  for (let i = 1; i <= steps; i++) {
    const y = fromY + ((toY - fromY) * i) / steps;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
    await new Promise((r) => setTimeout(r, 16));
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

test.describe("voting on a phone", () => {
  test("tap a slot, then a castaway in the sheet; submit", async ({ signedInPage: page }) => {
    await page.goto(S49);
    await expect(page.getByRole("heading", { name: M.voteHeading })).toBeVisible();
    await expect(slotsList(page).getByText(M.tapToVote)).toHaveCount(10);
    await expect(sheet(page)).toBeHidden();

    await slotButton(page, 3).tap();
    await expect(sheet(page)).toBeVisible();
    // The category's season is open, with no way back to the grid.
    await expect(sheet(page).getByRole("button", { name: "Back to Seasons" })).toHaveCount(0);
    await sheet(page)
      .getByRole("button", { name: /^Savannah Louie,/ })
      .tap();
    await expect(sheet(page)).toBeHidden();
    expect((await slotNames(page)).slice(0, 3)).toEqual([M.tapToVote, M.tapToVote, "Savannah Louie"]);

    await tapSlotThenCastaway(page, 1, "Sophie Segreti");
    // The same castaway twice is refused with the product's text.
    await slotButton(page, 2).tap();
    await sheet(page)
      .getByRole("button", { name: /^Sophie Segreti,/ })
      .tap();
    const duplicate = "Sophie Segreti is already ranked at position 1.";
    await expect(page.getByRole("alert")).toHaveText(duplicate);
    // The sheet covers the slots' message: it shows above the sheet too.
    await expect(page.locator(".toast-region").getByText(duplicate)).toBeVisible();
    await sheet(page).getByRole("button", { name: "Close seasons menu" }).tap();
    expect((await slotNames(page)).slice(0, 3)).toEqual(["Sophie Segreti", M.tapToVote, "Savannah Louie"]);

    await page.getByRole("button", { name: M.submit }).tap();
    await expect(page.getByText(M.submitted)).toBeVisible();
    await expect(page.getByRole("heading", { name: M.resultsHeading })).toBeVisible();
    await expect(page.locator('.global-results [data-castaway-id="s49-sophie-segreti"]')).toBeVisible();
  });

  test("a held slot is dragged to another place; a tap only chooses", async ({ signedInPage: page }) => {
    await page.goto(S49);
    await tapSlotThenCastaway(page, 4, "Kristina Mills");
    expect((await slotNames(page))[3]).toBe("Kristina Mills");

    const cdp = await page.context().newCDPSession(page);
    const rows = slotsList(page).locator(".ranking-row");
    await touchHoldDrag(cdp, rows.nth(3).locator(".ranking-name"), rows.nth(0));
    await expect(slotsList(page).locator(".ranking-name").first()).toHaveText("Kristina Mills");
    await expect(sheet(page)).toBeHidden();
    await expect(page.getByText("Kristina Mills moved to position 1 of 10.")).toBeAttached();
  });

  test("the overview and legacy pages fit the phone", async ({ page }) => {
    for (const path of ["/global-rankings", "/global-rankings/legacy", S49]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto("/global-rankings/legacy");
    await expect(page.getByText("No data available for this legacy ranking")).toBeVisible();
  });
});
