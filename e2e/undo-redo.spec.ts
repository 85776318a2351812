import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// Undo and redo in the list builder (desktop): the keys and the toolbar's buttons.

const rows = (page: Page) => page.locator(".ranking-row .ranking-name");
const panel = (page: Page) => page.getByRole("complementary", { name: "Survivor Seasons" });
const castaway = (page: Page, name: string) =>
  panel(page).getByRole("button", { name: new RegExp(`^${name},`) });

test("a removal comes back with Ctrl+Z and goes again with Redo", async ({ page }) => {
  await page.goto("/create");
  const undo = page.getByRole("button", { name: "Undo", exact: true });
  const redo = page.getByRole("button", { name: "Redo", exact: true });
  await expect(undo).toBeDisabled();
  await expect(redo).toBeDisabled();

  await panel(page).getByRole("button", { name: "Survivor: Borneo", exact: true }).click();
  await castaway(page, "Colleen Haskell").click();
  await castaway(page, "Gervase Peterson").click();
  await expect(rows(page)).toHaveText(["Colleen Haskell", "Gervase Peterson"]);

  await page.getByRole("button", { name: "Remove Colleen Haskell" }).click();
  await expect(rows(page)).toHaveText(["Gervase Peterson"]);

  await page.keyboard.press("Control+z");
  await expect(rows(page)).toHaveText(["Colleen Haskell", "Gervase Peterson"]);
  await expect(redo).toBeEnabled();

  await redo.click();
  await expect(rows(page)).toHaveText(["Gervase Peterson"]);
  await expect(redo).toBeDisabled();
  await expect(undo).toBeEnabled();
});
