import type { Page } from "@playwright/test";
import { expect, recordPalmTransition, test } from "./fixtures.ts";

const header = (page: Page) => page.getByRole("banner");
const overlay = (page: Page) => page.getByTestId("palm-transition");

test.describe("header (desktop)", () => {
  test("signed out: every control is visible, with Login and no welcome", async ({ page }) => {
    await page.goto("/rankings");
    const h = header(page);
    await expect(h.getByRole("link", { name: "Global Rankings" })).toBeVisible();
    await expect(h.getByRole("link", { name: "Consensus" })).toBeVisible();
    await expect(h.getByRole("link", { name: "Survivor Rankings" })).toBeVisible();
    await expect(h.getByRole("button", { name: /^(Mute|Unmute) music$/ })).toBeVisible();
    await expect(h.getByRole("link", { name: "My Lists" })).toBeVisible();
    await expect(h.getByRole("link", { name: "Other Rankings" })).toBeVisible();
    await expect(h.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(h.getByText(/Welcome,/)).toHaveCount(0);
    await expect(h.getByRole("button", { name: "Menu" })).toHaveCount(0);
  });

  test("the header stays on screen while the page scrolls", async ({ page }) => {
    await page.goto("/rankings");
    await expect(page.locator("main")).toBeVisible();
    await page.evaluate(() => {
      const spacer = document.createElement("div");
      spacer.style.height = "3000px";
      document.querySelector("main")!.append(spacer);
      window.scrollTo(0, 1500);
    });
    const box = await header(page).boundingBox();
    expect(box?.y).toBe(0);
  });

  test("signed in: welcome with the display name, and Sign Out goes to /login", async ({
    signedInPage: page,
    user,
  }) => {
    await page.goto("/rankings");
    const h = header(page);
    await expect(h.getByText(`Welcome, ${user.name}`)).toBeVisible();
    await expect(h.getByRole("link", { name: "Login" })).toHaveCount(0);
    await h.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(h.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(h.getByText(/Welcome,/)).toHaveCount(0);
  });

  test("My Lists, Other Rankings and Global Rankings navigate", async ({ signedInPage: page }) => {
    await page.goto("/rankings");
    const h = header(page);
    await h.getByRole("link", { name: "My Lists" }).click();
    await expect(page).toHaveURL(/\/mylists$/);
    await expect(h.getByRole("link", { name: "My Lists" })).toHaveAttribute("aria-current", "page");
    await h.getByRole("link", { name: "Other Rankings" }).click();
    await expect(page).toHaveURL(/\/rankings$/);
    await h.getByRole("link", { name: "Global Rankings" }).click();
    await expect(page).toHaveURL(/\/global-rankings$/);
    await expect(page.locator("body")).toHaveAttribute("data-page", "global");
  });

  test("the controls are reachable from the keyboard", async ({ signedInPage: page }) => {
    await page.goto("/rankings");
    // The signed-in header, not the visitor's one shown while the session loads.
    await expect(header(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
    const names: string[] = [];
    // One press more than there are controls: the first may land on the document itself.
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press("Tab");
      names.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "";
        }),
      );
    }
    expect(names).toEqual(
      expect.arrayContaining([
        "Skip to content",
        "Global Rankings",
        "Consensus",
        "Survivor Rankings",
        "Mute music",
        "Spoilers",
        "My Lists",
        "Account",
        "Other Rankings",
        "Inbox",
        "Sign Out",
      ]),
    );
    // Enter follows the focused link.
    await header(page).getByRole("link", { name: "My Lists" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/mylists$/);
  });

  // The second case is a phone many times slower than this machine: the home
  // page takes long to render under the fronds, and they must still open.
  for (const { name, cpuSlowdown } of [
    {
      name: "the title plays the palm-frond transition when leaving Global Rankings and lands home",
      cpuSlowdown: 1,
    },
    {
      name: "on a slow device the fronds still open on screen after the new page has rendered",
      cpuSlowdown: 12,
    },
  ]) {
    test(name, async ({ page }) => {
      // The animated path: say so, whatever the browser's default preference.
      await page.emulateMedia({ reducedMotion: "no-preference" });
      await page.goto("/global-rankings");
      await expect(overlay(page)).toHaveAttribute("data-phase", "idle");
      const seen = await recordPalmTransition(page);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
      const wait = { timeout: cpuSlowdown > 1 ? 30_000 : 7_000 };
      await header(page).getByRole("link", { name: "Survivor Rankings" }).click();
      await expect(page).toHaveURL(/\/$/, wait);
      await expect(page.locator("body")).toHaveAttribute("data-page", "other", wait);
      await expect(overlay(page)).toHaveAttribute("data-phase", "idle", wait);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
      await expect(overlay(page).locator(".palm-frond")).toHaveCount(0);
      const { phases, fronds } = await seen();
      expect(fronds).toBe(true);
      // "closed" can pass without a paint of its own while the home page renders behind it.
      expect(phases.filter((p) => p !== "closed")).toEqual(["idle", "closing", "opening", "idle"]);
    });
  }

  test("with reduced motion the title still lands home, with no overlay", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/global-rankings");
    await header(page).getByRole("link", { name: "Survivor Rankings" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(overlay(page)).toHaveAttribute("data-phase", "idle");
  });

  test("the title elsewhere goes home without the overlay", async ({ page }) => {
    await page.goto("/rankings");
    await header(page).getByRole("link", { name: "Survivor Rankings" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(overlay(page)).toHaveAttribute("data-phase", "idle");
  });

  test("mute toggles aria-pressed and the choice survives a reload", async ({ page }) => {
    await page.goto("/rankings");
    const mute = header(page).getByRole("button", { name: "Mute music" });
    await expect(mute).toHaveAttribute("aria-pressed", "false");
    await mute.click();
    const unmute = header(page).getByRole("button", { name: "Unmute music" });
    await expect(unmute).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(header(page).getByRole("button", { name: "Unmute music" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await header(page).getByRole("button", { name: "Unmute music" }).click();
    await expect(header(page).getByRole("button", { name: "Mute music" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await page.reload();
    await expect(header(page).getByRole("button", { name: "Mute music" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  test("the footer has its two external links, opening in a new tab", async ({ page }) => {
    await page.goto("/rankings");
    const links = page.getByRole("contentinfo").getByRole("link");
    await expect(links).toHaveCount(2);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAttribute("href", /^https:\/\//);
    }
  });
});
