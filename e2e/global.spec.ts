import type { Browser, Page } from "@playwright/test";
import { GLOBAL_MESSAGES as M } from "#shared/global-rankings.ts";
import { baseURL, createUser, type E2EUser, expect, signInPage, test } from "./fixtures.ts";

// Global Rankings on the desktop: the overview, the legacy page, a category's
// results and the member's vote, kept live. Tests here vote in season-49 one
// after another; the exact-scores test votes in its own category (season-47,
// opened by e2e/global-setup.ts), so nothing else moves its numbers.

test.describe.configure({ mode: "serial" });

const S49 = "/global-rankings/season-49";

const totalOf = async (page: Page) => {
  const text = await page
    .getByText(/^Total Submissions: \d+$/)
    .first()
    .textContent();
  return Number(/\d+/.exec(text ?? "")?.[0]);
};

async function memberPage(browser: Browser, user?: E2EUser) {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const member = user ?? (await createUser());
  await signInPage(page, member);
  return { page, member, close: () => context.close() };
}

/** A submission straight through the API, as another member's browser would send it. */
async function submitViaApi(page: Page, categoryId: string, slots: (string | null)[]) {
  const res = await page.request.put(`${baseURL()}/api/global-rankings/${categoryId}/submission`, {
    data: { slots },
    headers: { Origin: baseURL() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const ten = (ids: string[]) => [...ids, ...Array<null>(10 - ids.length).fill(null)];

test.describe("overview and legacy", () => {
  test("the overview shows each open category with its trophies and empty slots", async ({ page }) => {
    await page.goto("/global-rankings/");
    await expect(page).toHaveURL(/\/global-rankings\/?$/);
    await expect(page.locator("body")).toHaveAttribute("data-page", "global");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(M.overviewTitle);
    await expect(page.getByText(M.overviewDescription)).toBeVisible();

    const card = page.locator('[data-category-id="season-49"]');
    await expect(card.getByRole("heading", { name: "Season 49" })).toBeVisible();
    await expect(card.getByTestId("trophy-rain").getByText("🏆")).toHaveCount(20);
    // Closed categories are on the legacy page, not here.
    await expect(page.locator('[data-category-id="season-48"]')).toHaveCount(0);

    await card.getByRole("heading", { name: "Season 49" }).click();
    await expect(page).toHaveURL(/\/global-rankings\/season-49$/);
    await page.goBack();
    await page.getByRole("link", { name: M.legacyButton }).click();
    await expect(page).toHaveURL(/\/global-rankings\/legacy$/);
  });

  test("with reduced motion the twenty trophies still show, resting", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: baseURL(), reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/global-rankings");
    const drops = page.locator('[data-category-id="season-49"] .trophy-drop');
    await expect(drops).toHaveCount(20);
    await expect(drops.first()).toBeVisible();
    const opacity = await drops.first().evaluate((el) => Number(getComputedStyle(el).opacity));
    expect(opacity).toBeGreaterThan(0);
    await context.close();
  });

  test("the legacy page shows season 48 without invented data, and links back", async ({ page }) => {
    await page.goto("/global-rankings/legacy");
    await expect(page.locator("body")).toHaveAttribute("data-page", "global");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(M.legacyTitle);
    await expect(page.getByText(M.legacyExplanation)).toBeVisible();
    const card = page.locator('[data-category-id="season-48"]');
    await expect(card.getByRole("heading", { name: "Season 48" })).toBeVisible();
    await expect(card.getByText("The final rankings for Survivor Season 48 contestants!")).toBeVisible();
    await expect(card.getByText("No data available for this legacy ranking")).toBeVisible();
    await expect(card.getByText("Total Votes: 0")).toBeVisible();

    // Anywhere on the card opens it.
    await card.click();
    await expect(page).toHaveURL(/\/global-rankings\/season-48$/);
    await expect(page.getByRole("heading", { name: M.resultsHeading })).toBeVisible();
    await expect(page.getByText(M.notYetAvailable)).toBeVisible();
    await expect(page.getByRole("button", { name: M.loginToVote })).toHaveCount(0);

    await page.goto("/global-rankings/legacy");
    await page.getByRole("link", { name: M.backToCurrent }).click();
    await expect(page).toHaveURL(/\/global-rankings$/);
  });

  test("an unknown category goes back to the overview", async ({ page }) => {
    await page.goto("/global-rankings/season-1234");
    await expect(page).toHaveURL(/\/global-rankings$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(M.overviewTitle);
  });
});

test.describe("a category's page", () => {
  test("visitors see the results and 'Login to Vote', which comes back here after signing in", async ({
    page,
  }) => {
    const user = await createUser();
    await page.goto(S49);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Season 49");
    await expect(page.getByText("Vote for your favorite Survivor 49 contestants!")).toBeVisible();
    await expect(page.getByText(/^Total Submissions: \d+$/)).toBeVisible();
    await expect(page.getByRole("heading", { name: M.resultsHeading })).toBeVisible();
    await expect(page.getByRole("button", { name: M.viewMine })).toHaveCount(0);

    await page.getByRole("button", { name: M.loginToVote }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("button", { name: "Sign in with Email" }).click();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/global-rankings\/season-49$/);
    await expect(page.getByRole("heading", { name: M.voteHeading })).toBeVisible();
    await expect(page.getByRole("heading", { name: M.createTitle })).toBeVisible();
  });

  test("a watcher's page follows submissions live, without a reload", async ({ page, browser }) => {
    await page.goto(S49);
    await expect(page.getByRole("heading", { name: M.resultsHeading })).toBeVisible();
    const before = await totalOf(page);

    const overview = await page.context().newPage();
    await overview.goto("/global-rankings");
    const card = overview.locator('[data-category-id="season-49"]');
    await expect(card.getByText(`Total Submissions: ${before}`)).toBeVisible();

    const voter = await memberPage(browser);
    await submitViaApi(voter.page, "season-49", ten(["s49-steven-ramm"]));
    await expect.poll(() => totalOf(page), { timeout: 10_000 }).toBeGreaterThan(before);
    await expect(page.locator('[data-castaway-id="s49-steven-ramm"]')).toBeVisible();
    await expect(card.getByText(/^Total Submissions: \d+$/)).not.toHaveText(`Total Submissions: ${before}`);
    await voter.close();
  });
});
