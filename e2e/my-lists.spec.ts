import type { Page } from "@playwright/test";
import { createUser, expect, test } from "./fixtures.ts";

// /mylists: the signed-in user's profile block and own lists.

const EMPTY = "You haven't created any rankings yet. Create your first list now!";

async function createList(page: Page, name: string, items: string[]) {
  const res = await page.request.post("/api/lists", { data: { name, description: "", tags: [], items } });
  expect(res.status()).toBe(201);
  return (await res.json()).list as { id: string; userId: string };
}

const card = (page: Page, name: string) =>
  page.locator(".my-lists-grid > li").filter({ has: page.getByRole("heading", { name, exact: true }) });

test.describe("My Lists", () => {
  test("a visitor is asked to sign in", async ({ page }) => {
    await page.goto("/mylists");
    await expect(page.getByRole("heading", { name: "My Survivor Rankings", level: 1 })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a new user sees the profile, the empty text and the create button", async ({
    signedInPage: page,
    user,
  }) => {
    await page.goto("/mylists");
    await expect(page.getByRole("heading", { name: "My Survivor Rankings", level: 1 })).toBeVisible();
    await expect(page.getByRole("main").getByText(user.name, { exact: true })).toBeVisible();
    await expect(page.getByText("Hidden Immunity Idols: 0")).toBeVisible();
    await expect(page.getByText("Total Upvotes: 0")).toBeVisible();
    await expect(page.getByText("Most Ranked: —")).toBeVisible();
    await expect(page.getByRole("img", { name: `${user.name}'s profile picture` })).toBeVisible();
    await expect(page.getByText(EMPTY)).toBeVisible();

    // The create button keeps a draft in progress.
    await page.goto("/create");
    await page.getByLabel("List Name").fill("Half done");
    await page.goto("/mylists");
    await page.getByRole("link", { name: "+ Create New Ranking" }).click();
    await expect(page).toHaveURL(/\/create$/);
    await expect(page.getByLabel("List Name")).toHaveValue("Half done");
  });

  test("shows cards newest-updated first with the top three, and opens a list", async ({
    signedInPage: page,
    user,
  }) => {
    await createList(page, "Older list", ["s1-b-b-andersen"]);
    const seasons = await createList(page, "Season list", ["s1", "s2", "s3", "s4"]);
    await page.goto("/mylists");
    const names = page.locator(".my-lists-grid > li h3");
    await expect(names).toHaveText(["Season list", "Older list"]);

    const seasonCard = card(page, "Season list");
    await expect(seasonCard.getByText("4 entries")).toBeVisible();
    await expect(seasonCard.locator(".mylist-entry-name")).toHaveText([
      "Borneo",
      "The Australian Outback",
      "Africa",
    ]);
    await expect(seasonCard.getByText(/^Updated /)).toBeVisible();
    await expect(card(page, "Older list").getByText("1 entry")).toBeVisible();
    await expect(page.getByText("Most Ranked: B.B. Andersen")).toBeVisible();

    await seasonCard.getByRole("link", { name: "Season list" }).click();
    await expect(page).toHaveURL(`/list/${user.id}/${seasons.id}`);
  });

  test("Delete needs a second click on Confirm within 5 seconds", async ({ signedInPage: page }) => {
    await createList(page, "Keep me", ["s1-dirk-been"]);
    await createList(page, "Delete me", ["s1-greg-buis"]);
    await page.goto("/mylists");

    const doomed = card(page, "Delete me");
    await doomed.getByRole("button", { name: "Delete" }).click();
    await expect(doomed.getByRole("button", { name: "Confirm" })).toBeVisible();
    // Left alone, it disarms after 5 seconds.
    await expect(doomed.getByRole("button", { name: "Delete" })).toBeVisible({ timeout: 7000 });
    await expect(doomed.getByRole("button", { name: "Confirm" })).toHaveCount(0);

    await doomed.getByRole("button", { name: "Delete" }).click();
    await doomed.getByRole("button", { name: "Confirm" }).click();
    await expect(card(page, "Delete me")).toHaveCount(0);
    await expect(card(page, "Keep me")).toBeVisible();
    const mine = await (await page.request.get("/api/me/lists")).json();
    expect(mine.lists.map((l: { name: string }) => l.name)).toEqual(["Keep me"]);
  });

  test("changes the username, and refuses an empty or taken one", async ({ signedInPage: page }) => {
    const other = await createUser();
    await page.goto("/mylists");
    await page.getByRole("button", { name: "Change Username" }).click();
    const input = page.getByLabel("New username");
    await expect(input).toHaveAttribute("maxlength", "30");

    await input.fill("   ");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Username cannot be empty")).toBeVisible();

    await input.fill(other.name.toUpperCase());
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(
      page.getByText("This username is already taken (case-insensitive match). Please choose another."),
    ).toBeVisible();

    // Cancel leaves the name as it was.
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByLabel("New username")).toHaveCount(0);

    const fresh = `Castaway ${Math.random().toString(36).slice(2, 8)}`;
    await page.getByRole("button", { name: "Change Username" }).click();
    await page.getByLabel("New username").fill(fresh);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Username updated successfully!")).toBeVisible();
    await expect(page.locator(".username-name")).toHaveText(fresh);
    // The header's welcome follows (written out from 1,440 px, heard by screen readers below).
    await expect(page.getByRole("banner")).toContainText(`Welcome, ${fresh}`);
    // The success text shows for 3 seconds.
    await expect(page.getByText("Username updated successfully!")).toHaveCount(0, { timeout: 5000 });
  });

  test("a failed username change on a lost connection says so", async ({ signedInPage: page }) => {
    await page.goto("/mylists");
    await page.getByRole("button", { name: "Change Username" }).click();
    await page.route("**/api/me/profile", (route) =>
      route.request().method() === "PATCH" ? route.abort("internetdisconnected") : route.continue(),
    );
    await page.getByLabel("New username").fill("Offline name");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Failed to update username. Please try again.")).toBeVisible();
  });

  test("load and delete failures show the product's texts", async ({ signedInPage: page }) => {
    await createList(page, "Sturdy", ["s1-joel-klug"]);
    await page.route("**/api/lists/**", (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "{}" }) : route.continue(),
    );
    await page.goto("/mylists");
    const sturdy = card(page, "Sturdy");
    await sturdy.getByRole("button", { name: "Delete" }).click();
    await sturdy.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Failed to delete list. Please try again.")).toBeVisible();
    await expect(sturdy).toBeVisible();

    await page.route("**/api/me/lists", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.reload();
    await expect(page.getByText("Failed to load your lists. Please try again.")).toBeVisible({
      timeout: 15000,
    });
  });
});
