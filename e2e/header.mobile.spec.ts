import type { Page } from "@playwright/test";
import { expect, recordPalmTransition, test } from "./fixtures.ts";

const header = (page: Page) => page.getByRole("banner");
const overlay = (page: Page) => page.getByTestId("palm-transition");

/**
 * The address changes before the new page is drawn (React Router renders it
 * as a transition), and the page's arrival closes the menu as any navigation
 * does: a tap in between opens a menu that then closes. A person taps once the
 * page is there; so do the tests.
 */
async function arrivedAt(page: Page, url: RegExp, heading: string) {
  await expect(page).toHaveURL(url);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
}

async function openMenu(page: Page) {
  const menu = header(page).getByRole("button", { name: "Menu" });
  await menu.tap();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
}

test.describe("header (phone)", () => {
  test("fits the screen: title, mute and menu, nothing overflowing", async ({ page }) => {
    await page.goto("/rankings");
    const h = header(page);
    await expect(h.getByRole("link", { name: "Survivor Rankings" })).toBeVisible();
    await expect(h.getByRole("button", { name: /^(Mute|Unmute) music$/ })).toBeVisible();
    await expect(h.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await h.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.height).toBeLessThanOrEqual(72);
    for (const control of await h.getByRole("button").all()) {
      const b = await control.boundingBox();
      expect(b!.height).toBeGreaterThanOrEqual(44);
      expect(b!.x + b!.width).toBeLessThanOrEqual(390);
    }
  });

  test("signed out: the menu holds Global Rankings, Consensus, My Lists, Other Rankings and Login", async ({
    page,
  }) => {
    await page.goto("/rankings");
    await openMenu(page);
    const h = header(page);
    for (const name of ["Global Rankings", "Consensus", "My Lists", "Other Rankings", "Login"]) {
      await expect(h.getByRole("link", { name })).toBeVisible();
      await expect(h.getByRole("link", { name })).toBeInViewport();
    }
    await expect(h.getByText(/Welcome,/)).toHaveCount(0);
  });

  test("signed in: the menu shows the welcome and Sign Out, which goes to /login", async ({
    signedInPage: page,
    user,
  }) => {
    await page.goto("/rankings");
    await openMenu(page);
    const h = header(page);
    await expect(h.getByText(`Welcome, ${user.name}`)).toBeVisible();
    await h.getByRole("button", { name: "Sign Out" }).tap();
    await arrivedAt(page, /\/login$/, "Sign In Required");
    await openMenu(page);
    await expect(h.getByRole("link", { name: "Login" })).toBeVisible();
  });

  test("menu links navigate and close the menu", async ({ signedInPage: page }) => {
    await page.goto("/rankings");
    const h = header(page);
    await openMenu(page);
    await h.getByRole("link", { name: "My Lists" }).tap();
    await arrivedAt(page, /\/mylists$/, "My Survivor Rankings");
    await expect(h.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    await openMenu(page);
    await h.getByRole("link", { name: "Other Rankings" }).tap();
    await arrivedAt(page, /\/rankings$/, "Browse All Rankings");
    await openMenu(page);
    await h.getByRole("link", { name: "Global Rankings" }).tap();
    await expect(page).toHaveURL(/\/global-rankings$/);
  });

  test("tapping outside the menu closes it", async ({ page }) => {
    await page.goto("/rankings");
    await openMenu(page);
    await page.touchscreen.tap(200, 700);
    await expect(header(page).getByRole("button", { name: "Menu" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
    await expect(header(page).getByRole("link", { name: "My Lists" })).toHaveCount(0);
  });

  test("the open menu covers the page's floating seasons button", async ({ page }) => {
    await page.goto("/");
    const seasons = page.getByRole("button", { name: "Survivor Seasons" });
    await expect(seasons).toBeVisible();
    const box = (await seasons.boundingBox())!;
    await openMenu(page);
    // What a tap at the button's middle would reach: the menu or its scrim, not the button.
    const reached = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest("header, .sp-fab")?.tagName ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(reached).toBe("HEADER");
  });

  test("the title plays the palm-frond transition when leaving Global Rankings and lands home", async ({
    page,
  }) => {
    // The animated path: say so, whatever the browser's default preference.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto("/global-rankings");
    await expect(overlay(page)).toHaveAttribute("data-phase", "idle");
    const seen = await recordPalmTransition(page);
    await header(page).getByRole("link", { name: "Survivor Rankings" }).tap();
    await expect(page).toHaveURL(/\/$/);
    await expect(overlay(page)).toHaveAttribute("data-phase", "idle");
    const { phases, fronds } = await seen();
    expect(fronds).toBe(true);
    // "closed" can pass without a paint of its own while the home page renders behind it.
    expect(phases.filter((p) => p !== "closed")).toEqual(["idle", "closing", "opening", "idle"]);
  });

  test("mute toggles aria-pressed and the choice survives a reload", async ({ page }) => {
    await page.goto("/rankings");
    await header(page).getByRole("button", { name: "Mute music" }).tap();
    await expect(header(page).getByRole("button", { name: "Unmute music" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.reload();
    await expect(header(page).getByRole("button", { name: "Unmute music" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });
});
