import type { Browser, Locator, Page } from "@playwright/test";
import { GLOBAL_MESSAGES as M } from "#shared/global-rankings.ts";
import referenceData from "../reference-data/survivor-us.json" with { type: "json" };
import { E2E_CATEGORY_SEASONS } from "./global-setup.ts";
import { baseURL, createUser, type E2EUser, expect, signInPage, test } from "./fixtures.ts";

// Global Rankings on the desktop: the overview, the legacy page, a category's
// results and the member's vote, kept live. Tests here vote in season-49 one
// after another; the exact-scores test votes in its own category (season-47,
// or season-46 on a retry; opened by e2e/global-setup.ts), so nothing else
// moves its numbers.

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

const slotsList = (page: Page) => page.getByTestId("vote-slots");
const slotRow = (page: Page, position: number) => slotsList(page).locator(`[data-slot="${position}"]`);
const picker = (page: Page) => page.getByRole("complementary", { name: "Survivor Seasons" });
const pickCastaway = (page: Page, name: string) =>
  picker(page)
    .getByRole("button", { name: new RegExp(`^${name},`) })
    .click();
const slotNames = (page: Page) => slotsList(page).locator(".ranking-name").allTextContents();
/** A season's first three castaways by name, with the ids the results rows carry. */
function firstCastaways(season: number) {
  const found = referenceData.seasons.find((s) => s.number === season);
  const [a, b, c] = [...(found?.castaways ?? [])]
    .sort((x, y) => x.name.localeCompare(y.name))
    .map((castaway) => ({ name: castaway.name, id: `${found?.id}-${castaway.id}` }));
  if (!a || !b || !c) throw new Error(`season ${season} has fewer than three castaways`);
  return [a, b, c] as const;
}
const resultRow = (page: Page, castawayId: string) =>
  page.locator(`.global-results [data-castaway-id="${castawayId}"]`);

test.describe("voting on a desktop", () => {
  test("two members vote; the scores and Total Submissions are exact", async ({ browser }, testInfo) => {
    // A season voted in by this test only, a fresh one per attempt (e2e/global-setup.ts).
    const season = E2E_CATEGORY_SEASONS[testInfo.retry] ?? E2E_CATEGORY_SEASONS[0];
    const path = `/global-rankings/season-${season}`;
    const [a, b, c] = firstCastaways(season);
    const first = await memberPage(browser);
    await first.page.goto(path);
    await expect(first.page.getByRole("heading", { name: M.voteHeading })).toBeVisible();
    await expect(first.page.getByRole("heading", { name: M.createTitle })).toBeVisible();
    await expect(first.page.getByText("Total Submissions: 0")).toBeVisible();
    // The picker opens on the category's season, with no way back to the grid.
    await expect(picker(first.page).getByRole("heading", { name: String(season) })).toBeVisible();
    await expect(picker(first.page).getByRole("button", { name: "Back to Seasons" })).toHaveCount(0);
    // The first slot is chosen at the start, and each pick moves on to the next empty one.
    await pickCastaway(first.page, a.name);
    await pickCastaway(first.page, b.name);
    await pickCastaway(first.page, c.name);
    expect((await slotNames(first.page)).slice(0, 4)).toEqual([a.name, b.name, c.name, "Vote for #4"]);
    await first.page.getByRole("button", { name: M.submit }).click();
    await expect(first.page.getByText(M.submitted)).toBeVisible();
    await expect(first.page.getByRole("heading", { name: M.resultsHeading })).toBeVisible();
    await expect(first.page.getByText("Total Submissions: 1")).toBeVisible();

    const second = await memberPage(browser);
    await second.page.goto(path);
    await pickCastaway(second.page, a.name);
    await pickCastaway(second.page, c.name);
    await second.page.getByRole("button", { name: M.submit }).click();
    await expect(second.page.getByText(M.submitted)).toBeVisible();

    for (const page of [second.page, first.page]) {
      await expect(page.getByText("Total Submissions: 2")).toBeVisible();
      // 10 + 10, 8 + 9, 9: in that order.
      await expect(page.locator(".global-results .top-ten-name")).toHaveText([a.name, c.name, b.name]);
      await expect(resultRow(page, a.id)).toContainText("20 points");
      await expect(resultRow(page, c.id)).toContainText("17 points");
      await expect(resultRow(page, b.id)).toContainText("9 points");
    }
    // The overview's card shows the same.
    await first.page.goto("/global-rankings");
    const card = first.page.locator(`[data-category-id="season-${season}"]`);
    await expect(card.getByText("Total Submissions: 2")).toBeVisible();
    await expect(card.locator(".top-ten-points")).toHaveText(["20 points", "17 points", "9 points"]);
    await first.close();
    await second.close();
  });

  test("a member edits the submission and toggles between the views", async ({ signedInPage: page }) => {
    await page.goto(S49);
    await pickCastaway(page, "Alex Moore");
    await pickCastaway(page, "Annie Davis");
    await page.getByRole("button", { name: M.submit }).click();
    await expect(page.getByText(M.submitted)).toBeVisible();
    await expect(page.getByRole("heading", { name: M.resultsHeading })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How close am I?" })).toBeVisible();
    await expect(page.getByText(/^\d+%$/)).toBeVisible();
    // 'Ranking Submitted!' shows for 3 seconds.
    await expect(page.getByText(M.submitted)).toBeHidden({ timeout: 4_500 });

    await page.getByRole("button", { name: M.viewMine }).click();
    await expect(page.getByRole("heading", { name: M.editHeading })).toBeVisible();
    await expect(page.getByRole("heading", { name: M.mineTitle })).toBeVisible();
    expect((await slotNames(page)).slice(0, 3)).toEqual(["Alex Moore", "Annie Davis", "Vote for #3"]);

    // Move Annie up (the buttons, as in the list builder), clear Alex, put Jake in the freed slot.
    await page.getByRole("button", { name: "Move Annie Davis up" }).click();
    await expect(page.getByText("Annie Davis moved to position 1 of 10.")).toBeAttached();
    await page.getByRole("button", { name: "Remove Alex Moore" }).click();
    await pickCastaway(page, "Jake Latimer");
    expect((await slotNames(page)).slice(0, 3)).toEqual(["Annie Davis", "Jake Latimer", "Vote for #3"]);

    await page.getByRole("button", { name: M.viewGlobal }).click();
    await expect(page.getByRole("heading", { name: M.resultsHeading })).toBeVisible();
    await page.getByRole("button", { name: M.viewMine }).click();
    // Leaving the editor without submitting drops the change.
    expect((await slotNames(page)).slice(0, 2)).toEqual(["Alex Moore", "Annie Davis"]);
    await page.getByRole("button", { name: "Move Annie Davis up" }).click();
    await page.getByRole("button", { name: M.submit }).click();
    await expect(page.getByText(M.submitted)).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { name: M.resultsHeading })).toBeVisible();
    await page.getByRole("button", { name: M.viewMine }).click();
    await expect(page.getByRole("heading", { name: M.mineTitle })).toBeVisible();
    expect((await slotNames(page)).slice(0, 3)).toEqual(["Annie Davis", "Alex Moore", "Vote for #3"]);
  });

  test("a slot, then a castaway, ten times in a row, as the page says", async ({ signedInPage: page }) => {
    await page.goto(S49);
    const names = [...(referenceData.seasons.find((s) => s.number === 49)?.castaways ?? [])]
      .map((c) => c.name)
      .sort((x, y) => x.localeCompare(y))
      .slice(0, 10);
    // Each slot is clicked although it is already the chosen one (on arrival,
    // and after each pick): a click chooses, it never lets go.
    for (const [i, name] of names.entries()) {
      await slotRow(page, i + 1)
        .getByRole("button", { name: `Position ${i + 1}: Vote for #${i + 1}` })
        .click();
      await pickCastaway(page, name);
    }
    expect(await slotNames(page)).toEqual(names);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("refusals: a castaway ranked twice, a pick with no slot chosen, a castaway of another season", async ({
    signedInPage: page,
  }) => {
    await page.goto(S49);
    await pickCastaway(page, "Savannah Louie");
    await slotRow(page, 3).getByRole("button", { name: "Position 3: Vote for #3" }).click();
    await pickCastaway(page, "Savannah Louie");
    await expect(page.getByRole("alert")).toHaveText("Savannah Louie is already ranked at position 1.");
    expect((await slotNames(page))[2]).toBe("Vote for #3");

    // Clicking the chosen slot again keeps it chosen; Escape lets it go.
    await slotRow(page, 3).getByRole("button", { name: "Position 3: Vote for #3" }).click();
    await page.keyboard.press("Escape");
    await pickCastaway(page, "Sophie Segreti");
    await expect(page.getByRole("alert")).toHaveText(M.selectSlotFirst);

    await picker(page).getByRole("searchbox").fill("Kyle Fraser");
    await slotRow(page, 2).getByRole("button", { name: "Position 2: Vote for #2" }).click();
    await pickCastaway(page, "Kyle Fraser");
    await expect(page.getByRole("alert")).toHaveText(M.notInSeason);
  });

  test("castaways are dragged from the panel onto a slot, and between slots", async ({
    signedInPage: page,
  }) => {
    await page.goto(S49);
    await expect(slotRow(page, 1)).toContainText("Vote for #1");
    const from = picker(page).getByRole("button", { name: /^Nate Moore,/ });
    await dragTo(page, from, slotRow(page, 4));
    expect((await slotNames(page)).slice(0, 4)).toEqual([
      "Vote for #1",
      "Vote for #2",
      "Vote for #3",
      "Nate Moore",
    ]);

    await dragTo(
      page,
      slotRow(page, 4).getByRole("button", { name: "Drag Nate Moore to reorder" }),
      slotRow(page, 1),
    );
    expect((await slotNames(page)).slice(0, 2)).toEqual(["Nate Moore", "Vote for #2"]);
    await expect(page.getByText("Nate Moore moved to position 1 of 10.")).toBeAttached();

    // The keyboard, as in the list builder: pick up with Space, move with the arrows, drop with Space.
    const grip = page.getByRole("button", { name: "Drag Nate Moore to reorder" });
    await grip.focus();
    await page.keyboard.press("Space");
    await expect(slotsList(page).locator(".ranking-row.is-dragging")).toHaveCount(1);
    // Each step waits for its announcement: a busy machine moves the row late.
    for (const position of [2, 3]) {
      await page.keyboard.press("ArrowDown");
      await expect(page.getByText(`Nate Moore is over position ${position}.`)).toBeAttached();
    }
    await page.keyboard.press("Space");
    await expect(slotsList(page).locator(".ranking-name").nth(2)).toHaveText("Nate Moore");
  });

  test("a submission refused for a lost session says so, for 5 seconds", async ({ signedInPage: page }) => {
    await page.goto(S49);
    await pickCastaway(page, "Matt Williams");
    await page.context().clearCookies();
    await page.getByRole("button", { name: M.submit }).click();
    const alert = page.locator(".vote-editor-error").getByRole("alert");
    await expect(alert).toHaveText(M.mustLogIn);
    await expect(alert).toBeHidden({ timeout: 6_500 });
  });
});

/** A mouse drag the way a person does it: press, move past the 5 px threshold, travel, let go. */
async function dragTo(page: Page, from: Locator, to: Locator) {
  // Target mid-screen, clear of the auto-scroll edge zones (200 px on desktop).
  await to.evaluate((el) => el.scrollIntoView({ block: "center" }));
  // The panel scrolls on its own: bring the castaway into its view too.
  await from.evaluate((el) => el.scrollIntoView({ block: "nearest" }));
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  const [sx, sy] = [a.x + a.width / 2, a.y + a.height / 2];
  const [tx, ty] = [b.x + b.width / 2, b.y + b.height / 2];
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  // Start off towards the target: a first move the other way would ask the page to auto-scroll.
  const dist = Math.hypot(tx - sx, ty - sy) || 1;
  await page.mouse.move(sx + ((tx - sx) / dist) * 12, sy + ((ty - sy) / dist) * 12, { steps: 4 });
  await page.mouse.move(tx, ty, { steps: 20 });
  await page.mouse.move(tx, ty + 1, { steps: 2 });
  await page.mouse.up();
}
