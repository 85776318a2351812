import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Page, request } from "@playwright/test";
import { baseURL, createUser, type E2EUser, expect, PASSWORD, test } from "./fixtures.ts";

// /rankings: search, type, tag and sort filters and paging, all kept in the URL.
// The server is shared by every spec in the run, so each test names its lists
// with a word of its own and searches for it rather than counting everything.

const uniqueWord = () => `zq${randomBytes(4).toString("hex")}`;

async function apiAs(user: E2EUser): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
  const res = await api.post("/api/auth/sign-in/email", { data: { email: user.email, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return api;
}

interface NewList {
  name: string;
  tags?: string[];
  items?: string[];
  description?: string;
}

async function createList(api: APIRequestContext, list: NewList) {
  const res = await api.post("/api/lists", {
    data: { description: "", tags: [], items: ["s1-richard-hatch", "s1-kelly-wiglesworth"], ...list },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).list as { id: string; userId: string };
}

const cards = (page: Page) => page.locator(".browse-grid .list-card");
const cardTitles = (page: Page) => page.locator(".browse-grid .list-card-title");
const search = (page: Page) => page.getByPlaceholder("Search rankings...");
const tagFilter = (page: Page, name: string) =>
  page.getByRole("group", { name: "Filter by tags" }).getByRole("button", { name, exact: true });
const typeFilter = (page: Page, name: string) =>
  page.getByRole("group", { name: "Ranking type" }).getByRole("button", { name, exact: true });

test.describe("Browse All Rankings", () => {
  test("pages through the results with the view kept in the URL", async ({ page }) => {
    const word = uniqueWord();
    const owner = await createUser();
    const api = await apiAs(owner);
    for (let i = 1; i <= 13; i++) await createList(api, { name: `${word} list ${i}` });

    await page.goto("/rankings");
    await expect(page.getByRole("heading", { name: "Browse All Rankings", level: 1 })).toBeVisible();
    await search(page).fill(word);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByRole("button", { name: "< Previous" })).toBeDisabled();

    await page.getByRole("button", { name: "Next >" }).click();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(cards(page)).toHaveCount(1);
    // Newest first: the first list made is the last one shown.
    await expect(cardTitles(page)).toHaveText([`${word} list 1`]);
    await expect(page.getByRole("button", { name: "Next >" })).toBeDisabled();

    // A reload (or a shared link) shows the same view.
    await page.reload();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(search(page)).toHaveValue(word);

    await page.getByRole("button", { name: "< Previous" }).click();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(page).not.toHaveURL(/page=/);

    // The back button walks back through pages and the search.
    await page.goBack();
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await page.goBack();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await page.goBack();
    await expect(search(page)).toHaveValue("");
    await expect(page).toHaveURL(/\/rankings$/);

    // A filter change starts again at page 1.
    await page.goto(`/rankings?q=${word}&page=2`);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await typeFilter(page, "Survivor Rankings").click();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(page).toHaveURL(/type=castaways/);
    await expect(page).not.toHaveURL(/page=/);
  });

  test("filters by type and by tags (all must match), sorts by votes, and warns of spoilers", async ({
    page,
  }) => {
    const word = uniqueWord();
    const owner = await createUser();
    const api = await apiAs(owner);
    await createList(api, { name: `${word} alpha`, tags: ["social", "strategic"] });
    const bravo = await createList(api, { name: `${word} bravo`, tags: ["social"], items: ["s20", "s28"] });
    const charlie = await createList(api, { name: `${word} charlie`, tags: ["strategic", "spoiler"] });
    for (const [target, voters] of [
      [charlie, 2],
      [bravo, 1],
    ] as const) {
      for (let i = 0; i < voters; i++) {
        const voter = await apiAs(await createUser());
        expect((await voter.post(`/api/lists/${target.userId}/${target.id}/upvote`)).ok()).toBe(true);
      }
    }

    await page.goto(`/rankings?q=${word}`);
    await expect(cardTitles(page)).toHaveText([`${word} charlie`, `${word} bravo`, `${word} alpha`]);
    await expect(page.getByText("Page 1 of 1")).toHaveCount(0);

    const spoiler = cards(page).filter({ hasText: `${word} charlie` });
    await expect(spoiler.getByText("Contains Spoilers")).toBeVisible();

    await typeFilter(page, "Season Rankings").click();
    await expect(typeFilter(page, "Season Rankings")).toHaveAttribute("aria-pressed", "true");
    await expect(cardTitles(page)).toHaveText([`${word} bravo`]);
    await typeFilter(page, "Survivor Rankings").click();
    await expect(cardTitles(page)).toHaveText([`${word} charlie`, `${word} alpha`]);
    await typeFilter(page, "All Rankings").click();
    await expect(cardTitles(page)).toHaveCount(3);

    await tagFilter(page, "Social").click();
    await expect(cardTitles(page)).toHaveText([`${word} bravo`, `${word} alpha`]);
    await tagFilter(page, "Strategic").click();
    await expect(tagFilter(page, "Strategic")).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/tags=social%2Cstrategic/);
    await expect(cardTitles(page)).toHaveText([`${word} alpha`]);
    await tagFilter(page, "Spoiler").click();
    await expect(page.getByText("No lists found matching your criteria.")).toBeVisible();

    // Back restores the previous filter.
    await page.goBack();
    await expect(cardTitles(page)).toHaveText([`${word} alpha`]);
    await page.goBack();
    await expect(tagFilter(page, "Strategic")).toHaveAttribute("aria-pressed", "false");
    await expect(cardTitles(page)).toHaveText([`${word} bravo`, `${word} alpha`]);

    await page.goto(`/rankings?q=${word}`);
    await page.getByLabel("Sort by").selectOption({ label: "Most Votes" });
    await expect(page).toHaveURL(/sort=mostVotes/);
    await expect(cardTitles(page)).toHaveText([`${word} charlie`, `${word} bravo`, `${word} alpha`]);
    await expect(cards(page).first().getByRole("button", { name: "2 upvotes" })).toBeVisible();
    await page.getByLabel("Sort by").selectOption({ label: "Oldest" });
    await expect(cardTitles(page)).toHaveText([`${word} alpha`, `${word} bravo`, `${word} charlie`]);
  });

  test("shows 'Loading lists...' over the previous page and a message when loading fails", async ({
    page,
  }) => {
    const word = uniqueWord();
    const api = await apiAs(await createUser());
    await createList(api, { name: `${word} only`, tags: ["social"] });

    await page.goto(`/rankings?q=${word}`);
    await expect(cardTitles(page)).toHaveText([`${word} only`]);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/browse?*", async (route) => {
      await held;
      await route.continue();
    });
    await tagFilter(page, "Social").click();
    await expect(page.getByText("Loading lists...")).toBeVisible();
    await expect(cardTitles(page)).toHaveText([`${word} only`]);
    release();
    await expect(page.getByText("Loading lists...")).toHaveCount(0);
    await page.unroute("**/api/browse?*");

    await page.route("**/api/browse?*", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } }),
    );
    await tagFilter(page, "Strategic").click();
    await expect(page.getByText("Failed to load public lists. Please try again later.")).toBeVisible({
      timeout: 15_000,
    });
  });

  test("Favorites shows the reader's favourites; a visitor cannot choose it", async ({
    signedInPage: page,
    browser,
  }) => {
    const word = uniqueWord();
    const api = await apiAs(await createUser());
    const liked = await createList(api, { name: `${word} liked` });
    await createList(api, { name: `${word} skipped` });
    expect((await page.request.post(`/api/lists/${liked.userId}/${liked.id}/favorite`)).ok()).toBe(true);

    await page.goto(`/rankings?q=${word}`);
    await expect(cardTitles(page)).toHaveCount(2);
    await tagFilter(page, "Favorites").click();
    await expect(page).toHaveURL(/tags=favorites/);
    await expect(cardTitles(page)).toHaveText([`${word} liked`]);

    const visitor = await browser.newPage();
    await visitor.goto(`${baseURL()}/rankings?q=${word}`);
    await expect(visitor.locator(".browse-grid .list-card-title")).toHaveCount(2);
    const favorites = tagFilter(visitor, "Favorites");
    await expect(favorites).toBeDisabled();
    await expect(favorites).toHaveAttribute("title", "Login to favorite lists");
    await visitor.close();
  });

  test("a creator link opens that user's profile", async ({ page }) => {
    const word = uniqueWord();
    const name = `Creator${randomBytes(3).toString("hex")}`;
    const owner = await createUser({ name });
    const api = await apiAs(owner);
    await createList(api, { name: `${word} first` });
    const second = await createList(api, { name: `${word} second` });

    await page.goto(`/rankings?q=${word}`);
    await cards(page)
      .first()
      .getByRole("link", { name: `By ${name}` })
      .click();
    await expect(page).toHaveURL(`/rankings/user/${owner.id}`);
    await expect(page.getByRole("heading", { name: `Rankings by ${name}`, level: 1 })).toBeVisible();
    await expect(page.getByText("Hidden Immunity Idols: 0")).toBeVisible();
    await expect(page.getByText("2 ranking(s) created by this user")).toBeVisible();
    await page.getByRole("link", { name: `${word} second` }).click();
    await expect(page).toHaveURL(`/list/${owner.id}/${second.id}`);
  });
});
