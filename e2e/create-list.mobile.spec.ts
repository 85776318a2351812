import type { CDPSession, Locator, Page } from "@playwright/test";
import { LIST_MESSAGES } from "#shared/lists.ts";
import { CREATE_HINT_TOUCH } from "#client/features/seasons/picker-messages.ts";
import { expect, test } from "./fixtures.ts";

// The create screen on a 390x844 touch screen: full width, the picker in a bottom sheet.

const rows = (page: Page) => page.locator(".ranking-row .ranking-name");
const sheet = (page: Page) => page.getByRole("dialog", { name: "Survivor Seasons" });

async function addFromSheet(page: Page, season: string, names: string[]) {
  await sheet(page).getByRole("button", { name: season, exact: true }).tap();
  for (const name of names) {
    await sheet(page)
      .getByRole("button", { name: new RegExp(`^${name},`) })
      .tap();
  }
  await sheet(page).getByRole("button", { name: "Close seasons menu" }).tap();
  await expect(sheet(page)).toBeHidden();
}

/** A finger held still past the 80 ms hold, then moved, then lifted (real touch events). */
async function touchHoldDrag(cdp: CDPSession, from: Locator, to: Locator) {
  // Clear of the sticky button bar at the bottom of the screen.
  await from.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const x = a.x + a.width * 0.45;
  const fromY = a.y + a.height / 2;
  const toY = b.y + b.height * 0.3;
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y: fromY }] });
  await new Promise((r) => setTimeout(r, 250));
  const steps = 14;
  for (let i = 1; i <= steps; i++) {
    const y = fromY + ((toY - fromY) * i) / steps;
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
    await new Promise((r) => setTimeout(r, 16));
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

test.describe("create a list (phone)", () => {
  test("tapping the empty list opens the seasons sheet, and taps add", async ({ signedInPage: page }) => {
    await page.goto("/create");
    await expect(page.getByRole("heading", { name: "Create New Ranking", level: 1 })).toBeVisible();
    await expect(sheet(page)).toBeHidden();
    await page.getByRole("button", { name: /Your ranking is empty/ }).tap();
    await expect(sheet(page)).toBeVisible();
    // Dragging out of the sheet is off on touch: the hint says what works.
    await expect(sheet(page).getByText(CREATE_HINT_TOUCH)).toBeVisible();
    await expect(sheet(page).getByText(/drag them for precise positioning/)).toHaveCount(0);

    await addFromSheet(page, "Survivor: Borneo", ["Colleen Haskell", "Dirk Been", "Greg Buis"]);
    await expect(rows(page)).toHaveText(["Colleen Haskell", "Dirk Been", "Greg Buis"]);

    // With entries, the add button brings the sheet back.
    await page.getByRole("button", { name: "Add seasons or contestants" }).tap();
    await expect(sheet(page)).toBeVisible();
    await sheet(page)
      .getByRole("button", { name: /^Jenna Lewis,/ })
      .tap();
    await sheet(page).getByRole("button", { name: "Close seasons menu" }).tap();
    await expect(rows(page)).toHaveText(["Colleen Haskell", "Dirk Been", "Greg Buis", "Jenna Lewis"]);

    await page.getByRole("button", { name: "Move Jenna Lewis up" }).tap();
    await expect(rows(page)).toHaveText(["Colleen Haskell", "Dirk Been", "Jenna Lewis", "Greg Buis"]);

    await page.getByLabel("List Name").fill("Phone list");
    await page.getByRole("button", { name: "Save List" }).tap();
    await expect(page).toHaveURL(/\/list\/[^/]+\/list_\d+$/);
  });

  test("a tap that would mix kinds raises the alert", async ({ page }) => {
    await page.goto("/create");
    await page.getByRole("button", { name: /Your ranking is empty/ }).tap();
    await addFromSheet(page, "Survivor: Borneo", ["Joel Klug"]);

    await page.getByRole("button", { name: "Add seasons or contestants" }).tap();
    await sheet(page).getByRole("button", { name: "Back to Seasons" }).tap();
    const alerts: string[] = [];
    page.once("dialog", (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await sheet(page).getByRole("button", { name: "Add Survivor: Africa to list" }).tap();
    await expect.poll(() => alerts).toEqual([`alert: ${LIST_MESSAGES.mixAlertHasContestants}`]);
    await sheet(page).getByRole("button", { name: "Close seasons menu" }).tap();
    await expect(rows(page)).toHaveText(["Joel Klug"]);
  });

  test("a held row can be dragged to a new place", async ({ page }) => {
    await page.goto("/create");
    await page.getByRole("button", { name: /Your ranking is empty/ }).tap();
    await addFromSheet(page, "Survivor: Borneo", ["B.B. Andersen", "Colleen Haskell", "Dirk Been"]);
    await expect(rows(page)).toHaveText(["B.B. Andersen", "Colleen Haskell", "Dirk Been"]);

    const cdp = await page.context().newCDPSession(page);
    const all = page.locator(".ranking-row");
    await touchHoldDrag(cdp, all.nth(2).locator(".ranking-name"), all.nth(0));
    await expect(rows(page)).toHaveText(["Dirk Been", "B.B. Andersen", "Colleen Haskell"]);
  });

  test("the draft is restored after a reload", async ({ page }) => {
    await page.goto("/create");
    await page.getByRole("button", { name: /Your ranking is empty/ }).tap();
    await addFromSheet(page, "Survivor: Borneo", ["Gervase Peterson"]);
    await page.getByLabel("List Name").fill("Keep me");
    await page.reload();
    await expect(rows(page)).toHaveText(["Gervase Peterson"]);
    await expect(page.getByLabel("List Name")).toHaveValue("Keep me");
  });
});
