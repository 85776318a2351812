import { expect, test } from "./fixtures.ts";

// The season picker as the create screen's side panel (desktop, 1366x900).

const SEARCH = "Search seasons or contestants...";

test.describe("season picker (desktop)", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/create");
    await expect(page.getByRole("heading", { name: "Survivor Seasons" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Survivor: Borneo", exact: true })).toBeVisible();
  });

  test("shows the season grid and the create hint", async ({ page }) => {
    const panel = page.getByRole("complementary", { name: "Survivor Seasons" });
    await expect(panel.getByPlaceholder(SEARCH)).toBeVisible();
    await expect(
      panel.getByText(
        "Click contestants to add them to your ranking list or drag them for precise positioning.",
      ),
    ).toBeVisible();
    // Names without the 'Survivor' prefix, a logo on each card.
    const borneo = panel.getByRole("button", { name: "Survivor: Borneo", exact: true });
    await expect(borneo).toHaveText("Borneo");
    await expect(borneo.getByRole("img", { name: "Survivor: Borneo logo" })).toBeVisible();
    await expect(panel.getByRole("button", { name: "Add Survivor: Borneo to list" })).toBeVisible();
  });

  test("search shows results and the clear button empties it", async ({ page }) => {
    const box = page.getByPlaceholder(SEARCH);
    await box.fill("parvati");
    await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
    // Parvati played four seasons: she is listed once, from her first.
    const rows = page.getByRole("button", { name: /^Parvati Shallow,/ });
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("Survivor: Cook Islands");
    await expect(rows.getByRole("img", { name: "Parvati Shallow" })).toBeVisible();

    await box.fill("heroes vs");
    await expect(
      page.getByRole("button", { name: "Survivor: Heroes vs. Villains", exact: true }),
    ).toBeVisible();

    await box.fill("qqqzzz");
    await expect(page.getByText(/No seasons or contestants match/)).toBeVisible();

    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(box).toHaveValue("");
    await expect(page.getByRole("heading", { name: "Search Results" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Survivor: Borneo", exact: true })).toBeVisible();
  });

  test("opens a season and comes back to the same place in the grid", async ({ page }) => {
    const scroller = page.locator(".sp-scroll");
    const season = page.getByRole("button", { name: "Survivor: Heroes vs. Villains", exact: true });
    // Season 20 sits well down the grid: bring it into view, then remember where the grid is.
    await season.scrollIntoViewIfNeeded();
    const before = await scroller.evaluate((el) => el.scrollTop);
    expect(before).toBeGreaterThan(200);
    await season.click();
    await expect(page.getByRole("heading", { name: "Heroes vs. Villains" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Parvati Shallow,/ })).toBeVisible();
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(0);

    await page.getByRole("button", { name: "Back to Seasons" }).click();
    await expect(season).toBeVisible();
    await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(before);
    await expect(page.getByRole("button", { name: "Back to Seasons" })).toHaveCount(0);
  });

  test("the collapsed state is remembered across a reload", async ({ page }) => {
    await page.getByRole("button", { name: "Collapse seasons menu" }).click();
    const expand = page.getByRole("button", { name: "Expand seasons menu" });
    await expect(expand).toBeVisible();
    await expect(page.getByPlaceholder(SEARCH)).toHaveCount(0);

    await page.reload();
    await expect(expand).toBeVisible();
    await expect(page.getByPlaceholder(SEARCH)).toHaveCount(0);

    await expand.click();
    await expect(page.getByPlaceholder(SEARCH)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("button", { name: "Collapse seasons menu" })).toBeVisible();
    await expect(page.getByPlaceholder(SEARCH)).toBeVisible();
  });

  test("a visitor's season click does not draw for an idol", async ({ page }) => {
    const draws: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/me/idol-draws")) draws.push(r.url());
    });
    await page.getByRole("button", { name: "Survivor: Borneo", exact: true }).click();
    await expect(page.getByRole("button", { name: "Back to Seasons" })).toBeVisible();
    await page.waitForTimeout(300);
    expect(draws).toEqual([]);
  });
});

test.describe("season picker idol draws (signed in)", () => {
  test("a season click asks the server for an idol draw", async ({ signedInPage: page }) => {
    await page.goto("/create");
    const season = page.getByRole("button", { name: "Survivor: Borneo", exact: true });
    await expect(season).toBeVisible();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith("/api/me/idol-draws") && r.method() === "POST"),
      season.click(),
    ]);
    const response = await request.response();
    expect(response?.status()).toBe(200);
    expect(await response?.json()).toMatchObject({
      found: expect.any(Boolean),
      idolsFound: expect.any(Number),
    });
    await expect(page.getByRole("button", { name: "Back to Seasons" })).toBeVisible();
  });

  test("a find shows the idol toast for 3 seconds", async ({ signedInPage: page }) => {
    const text = "You found a Hidden Immunity Idol! 🏆";
    // The draw is 5 %: answer it as a find to see the celebration.
    await page.route("**/api/me/idol-draws", (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify({ found: true, idolsFound: 1 }),
      }),
    );
    await page.goto("/create");
    const season = page.getByRole("button", { name: "Survivor: Africa", exact: true });
    await expect(season).toBeVisible();
    // Timed inside the page, so a slow test machine does not blur the 3 seconds.
    await page.evaluate((needle) => {
      const w = window as unknown as { idolToast: { shown?: number; hidden?: number } };
      w.idolToast = {};
      new MutationObserver(() => {
        const has = document.body.textContent?.includes(needle) ?? false;
        if (has && w.idolToast.shown === undefined) w.idolToast.shown = performance.now();
        if (!has && w.idolToast.shown !== undefined && w.idolToast.hidden === undefined) {
          w.idolToast.hidden = performance.now();
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, text);
    await season.click();
    const toast = page.getByText(text, { exact: true });
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 8000 });
    const { shown, hidden } = await page.evaluate(
      () => (window as unknown as { idolToast: { shown: number; hidden: number } }).idolToast,
    );
    // The timer starts when the toast is asked for; its first paint may come a little later.
    expect(hidden - shown).toBeGreaterThanOrEqual(2500);
    expect(hidden - shown).toBeLessThan(4500);
  });

  test("a rate-limited draw stays silent", async ({ signedInPage: page }) => {
    await page.route("**/api/me/idol-draws", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "RATE_LIMITED", message: "Slow down!" } }),
      }),
    );
    await page.goto("/create");
    await page.getByRole("button", { name: "Survivor: Africa", exact: true }).click();
    await expect(page.getByRole("button", { name: "Back to Seasons" })).toBeVisible();
    await expect(page.getByText("Slow down!")).toHaveCount(0);
  });
});
