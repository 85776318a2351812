import type { Browser, Page } from "@playwright/test";
import { baseURL, createUser, expect, signInPage, test } from "./fixtures.ts";

// Upvotes and favourites on the full list view.

async function createList(page: Page, name: string, items: string[]) {
  const res = await page.request.post("/api/lists", {
    data: { name, description: "", tags: [], items },
    headers: { Origin: baseURL() },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).list as { id: string; userId: string };
}

async function secondUserPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInPage(page, await createUser());
  return { context, page };
}

const star = (page: Page) => page.locator(".list-detail-actions .reaction-star");
const upvote = (page: Page) => page.locator(".list-detail-actions .reaction-upvote");

test.describe("Reactions", () => {
  test("another user upvotes and favourites a list, and it sticks", async ({
    signedInPage: owner,
    browser,
  }) => {
    const list = await createList(owner, "Upvote me", ["s1-richard-hatch", "s2-colby-donaldson"]);
    const path = `/list/${list.userId}/${list.id}`;
    const { context, page } = await secondUserPage(browser);

    await page.goto(path);
    await expect(upvote(page)).toHaveText("▲0");
    await expect(upvote(page)).toHaveAttribute("aria-pressed", "false");
    await upvote(page).click();
    await expect(upvote(page)).toHaveText("▲1");
    await expect(upvote(page)).toHaveAttribute("aria-pressed", "true");
    await expect(upvote(page)).toHaveAccessibleName("1 upvote");

    await expect(star(page)).toHaveAttribute("aria-pressed", "false");
    await page.getByRole("button", { name: "Add to favorites" }).click();
    await expect(page.getByRole("status").getByText("Added to favorites")).toBeVisible();
    await expect(star(page)).toHaveAttribute("aria-pressed", "true");
    await expect(star(page)).toHaveText("★");
    await expect(star(page)).toHaveAccessibleName("Remove from favorites");
    // The popup goes after two seconds.
    await expect(page.getByRole("status").getByText("Added to favorites")).toHaveCount(0, { timeout: 4000 });

    await page.reload();
    await expect(upvote(page)).toHaveText("▲1");
    await expect(upvote(page)).toHaveAttribute("aria-pressed", "true");
    await expect(star(page)).toHaveAttribute("aria-pressed", "true");
    const favorites = (await (await page.request.get("/api/me/favorites")).json()) as {
      lists: { id: string }[];
    };
    expect(favorites.lists.map((l) => l.id)).toContain(list.id);

    // The owner sees the vote, not pressed for them.
    await owner.goto(path);
    await expect(upvote(owner)).toHaveText("▲1");
    await expect(upvote(owner)).toHaveAttribute("aria-pressed", "false");
    await expect(star(owner)).toHaveAttribute("aria-pressed", "false");

    // Both toggle back.
    await page.getByRole("button", { name: "Remove from favorites" }).click();
    await expect(page.getByRole("status").getByText("Removed from favorites")).toBeVisible();
    await expect(star(page)).toHaveAttribute("aria-pressed", "false");
    await expect(star(page)).toHaveText("☆");
    await upvote(page).click();
    await expect(upvote(page)).toHaveText("▲0");
    await expect(upvote(page)).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    await expect(upvote(page)).toHaveText("▲0");
    await expect(star(page)).toHaveAttribute("aria-pressed", "false");
    await context.close();
  });

  test("an upvote that takes longer than 300 ms shows the progress bar until it is done", async ({
    signedInPage: owner,
    browser,
  }) => {
    const list = await createList(owner, "Slow upvote", ["s1-richard-hatch"]);
    const { context, page } = await secondUserPage(browser);
    await page.goto(`/list/${list.userId}/${list.id}`);
    await expect(upvote(page)).toBeEnabled();
    // A slow network: the answer comes after a second.
    await page.route("**/upvote", async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    const bar = page.getByRole("progressbar", { name: "Working..." });
    await upvote(page).click();
    await expect(bar).toBeVisible();
    await expect(upvote(page)).toHaveText("▲1");
    await expect(bar).toBeHidden();
    await context.close();
  });

  test("a visitor sees the controls disabled with the product's titles", async ({
    signedInPage: owner,
    browser,
  }) => {
    const list = await createList(owner, "Look, don't touch", ["s1-richard-hatch"]);
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`/list/${list.userId}/${list.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Look, don't touch" })).toBeVisible();
    await expect(star(page)).toBeDisabled();
    await expect(star(page)).toHaveAttribute("title", "Login to favorite lists");
    await expect(star(page)).toHaveAccessibleName("Login to favorite lists");
    await expect(upvote(page)).toBeDisabled();
    await expect(upvote(page)).toHaveAttribute("title", "Sign in to upvote");
    await expect(upvote(page)).toHaveText("▲0");
    await context.close();
  });

  test("a session that ended while the page was open gets the logged-out message and the old state", async ({
    signedInPage: owner,
    browser,
  }) => {
    const list = await createList(owner, "Expired session", ["s1-richard-hatch"]);
    const { context, page } = await secondUserPage(browser);
    await page.goto(`/list/${list.userId}/${list.id}`);
    await expect(upvote(page)).toBeEnabled();
    await context.clearCookies();

    await upvote(page).click();
    await expect(page.getByRole("status").getByText("You must be logged in to upvote lists.")).toBeVisible();
    await expect(upvote(page)).toHaveText("▲0");
    await expect(upvote(page)).toHaveAttribute("aria-pressed", "false");

    await page.getByRole("button", { name: "Add to favorites" }).click();
    await expect(
      page.getByRole("status").getByText("You must be logged in to favorite lists."),
    ).toBeVisible();
    await expect(star(page)).toHaveAttribute("aria-pressed", "false");
    await context.close();
  });
});
