import { expect, test } from "./fixtures.ts";

test("an unknown path redirects home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("body")).toHaveAttribute("data-page", "other");
});

test("the body carries the page marker", async ({ page }) => {
  await page.goto("/create");
  await expect(page.locator("body")).toHaveAttribute("data-page", "create");
  await page.goto("/global-rankings");
  await expect(page.locator("body")).toHaveAttribute("data-page", "global");
});

test("loading / directly serves the app", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.headers()["content-type"]).toContain("text/html");
  await expect(page.getByRole("link", { name: /Survivor Rankings/ }).first()).toBeVisible();
});
