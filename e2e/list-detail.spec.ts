import type { Page } from "@playwright/test";
import { baseURL, createUser, expect, signInPage, test } from "./fixtures.ts";

// /list/{userId}/{listId}: the full list view.

interface CreatedList {
  id: string;
  userId: string;
}

async function createList(
  page: Page,
  data: { name: string; description?: string; tags?: string[]; items: string[] },
): Promise<CreatedList> {
  const res = await page.request.post("/api/lists", {
    data: { description: "", tags: [], ...data },
    headers: { Origin: baseURL() },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).list as CreatedList;
}

const listPath = (list: CreatedList) => `/list/${list.userId}/${list.id}`;

test.describe("List detail", () => {
  test("shows the list: title, author link, description, labelled tags and numbered entries", async ({
    signedInPage: page,
    user,
  }) => {
    const list = await createList(page, {
      name: "Strategic legends",
      description: "Ranked by how hard they played.",
      tags: ["strategic", "challenge"],
      items: ["s1-richard-hatch", "s2-colby-donaldson", "s20-sandra-diaz-twine"],
    });
    await page.goto(listPath(list));
    await expect(page.getByRole("heading", { level: 1, name: "Strategic legends" })).toBeVisible();
    await expect(page.getByText("Ranked by how hard they played.")).toBeVisible();
    const tags = page.getByRole("list", { name: "Tags" }).getByRole("listitem");
    // The automatic survivor-ranking tag is not shown.
    await expect(tags).toHaveText(["Strategic", "Challenge Beasts"]);

    const entries = page.locator(".list-detail-entry");
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText("1");
    await expect(entries.nth(0)).toContainText("Richard Hatch");
    await expect(entries.nth(0)).toContainText("Survivor: Borneo");
    await expect(entries.nth(2)).toContainText("Sandra Diaz-Twine");
    await expect(entries.nth(2).locator("img")).toHaveAttribute(
      "src",
      "/media/headshots/s20-sandra-diaz-twine",
    );
    await expect(page.getByText("Contains Spoilers")).toHaveCount(0);

    // The link preview of the page names the list.
    const html = await (await page.request.get(listPath(list))).text();
    expect(html).toContain("Strategic legends");

    const author = page.getByRole("link", { name: `By ${user.name}` });
    await expect(author).toHaveAttribute("title", "View all rankings by this user");
    await author.click();
    await expect(page).toHaveURL(`/rankings/user/${user.id}`);
  });

  test("shows seasons 41 to 48 as 'Season {n}', for season entries and castaways' seasons", async ({
    signedInPage: page,
  }) => {
    const seasons = await createList(page, { name: "New era", items: ["s41", "s48", "s20"] });
    await page.goto(listPath(seasons));
    const names = page.locator(".list-detail-entry-name");
    await expect(names).toHaveText(["Season 41", "Season 48", "Survivor: Heroes vs. Villains"]);
    await expect(page.getByRole("list", { name: "Tags" })).toHaveCount(0);

    const castaways = await createList(page, {
      name: "New era castaways",
      items: ["s45-dee-valladares", "s41-erika-casupanan"],
    });
    await page.goto(listPath(castaways));
    await expect(page.locator(".list-detail-entry-season")).toHaveText(["Season 45", "Season 41"]);
  });

  test("blurs a spoiler list until the spoilers are revealed", async ({ signedInPage: page }) => {
    const list = await createList(page, {
      name: "Winners, spoiled",
      tags: ["spoiler"],
      items: ["s20-sandra-diaz-twine", "s45-dee-valladares"],
    });
    await page.goto(listPath(list));
    await expect(page.getByText("Contains Spoilers")).toBeVisible();
    const entries = page.locator(".list-detail-entries");
    await expect(entries).toHaveAttribute("aria-hidden", "true");
    await expect(page.locator(".list-detail-entries-wrap")).toHaveClass(/is-blurred/);
    // Hidden entries are out of the accessibility tree.
    await expect(page.getByRole("listitem").filter({ hasText: "Dee Valladares" })).toHaveCount(0);

    await page.getByRole("button", { name: "Reveal spoilers" }).click();
    await expect(page.getByText("Contains Spoilers")).toHaveCount(0);
    await expect(entries).not.toHaveAttribute("aria-hidden", "true");
    await expect(page.locator(".list-detail-entries-wrap")).not.toHaveClass(/is-blurred/);
    await expect(page.getByRole("listitem").filter({ hasText: "Dee Valladares" })).toBeVisible();
    // The spoiler tag itself stays.
    await expect(page.getByRole("list", { name: "Tags" })).toHaveText("Spoiler");
  });

  test("the owner's Edit List opens the editor with the list loaded", async ({ signedInPage: page }) => {
    const list = await createList(page, {
      name: "Edit me",
      description: "Before the edit",
      items: ["s1-richard-hatch", "s2-colby-donaldson"],
    });
    await page.goto(listPath(list));
    await page.getByRole("link", { name: "Edit List" }).click();
    await expect(page).toHaveURL(`/create?edit=${list.id}&user=${list.userId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Ranking" })).toBeVisible();
    await expect(page.getByLabel("List Name")).toHaveValue("Edit me");
    await expect(page.getByLabel("Description")).toHaveValue("Before the edit");
    await expect(page.getByRole("list", { name: "Your ranking" })).toContainText("Richard Hatch");
  });

  test("other users and visitors see no Edit button", async ({ signedInPage: page, browser }) => {
    const list = await createList(page, { name: "Not yours", items: ["s1-richard-hatch"] });
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInPage(otherPage, await createUser());
    await otherPage.goto(listPath(list));
    await expect(otherPage.getByRole("heading", { level: 1, name: "Not yours" })).toBeVisible();
    await expect(otherPage.getByRole("link", { name: /Edit/ })).toHaveCount(0);
    await other.close();

    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(listPath(list));
    await expect(visitorPage.getByRole("heading", { level: 1, name: "Not yours" })).toBeVisible();
    await expect(visitorPage.getByRole("link", { name: /Edit/ })).toHaveCount(0);
    await visitor.close();
  });

  test("a missing list says 'List not found' and Go Back returns to the previous page", async ({
    signedInPage: page,
    user,
  }) => {
    await createList(page, { name: "Exists", items: ["s1-richard-hatch"] });
    await page.goto("/rankings");
    await page.goto(`/list/${user.id}/list_0`);
    await expect(page.getByRole("alert")).toHaveText("List not found");
    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL("/rankings");
  });

  test("a missing user says 'User not found'; a user without lists says so", async ({ page }) => {
    await page.goto("/list/nobody-at-all/list_1");
    await expect(page.getByRole("alert")).toHaveText("User not found");
    await expect(page.getByRole("button", { name: "Go Back" })).toBeVisible();

    const empty = await createUser();
    await page.goto(`/list/${empty.id}/list_1`);
    await expect(page.getByRole("alert")).toHaveText("No lists found for this user");
  });

  test("keeps the navigation source from the home page and works without one", async ({
    signedInPage: page,
  }) => {
    const list = await createList(page, { name: "From home", items: ["s1-richard-hatch"] });
    await page.goto("/");
    // The router listens for history events once the page has drawn (its
    // first render is a transition): a popstate before that goes unheard.
    await expect(page.getByRole("heading", { level: 1, name: "Survivor Rankings" })).toBeVisible();
    await page.evaluate((path) => {
      // What the home page's cards do: navigate with state { source: 'home' }.
      const state = { usr: { source: "home" }, key: "home", idx: 1 };
      window.history.pushState(state, "", path);
      window.dispatchEvent(new PopStateEvent("popstate", { state }));
    }, listPath(list));
    await expect(page.locator(".list-detail")).toHaveAttribute("data-source", "home");
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL("/");

    await page.goto(listPath(list));
    await expect(page.locator(".list-detail")).toHaveAttribute("data-source", "other");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the owner's button reads Edit My List", async ({ signedInPage: page }) => {
      const list = await createList(page, { name: "Phone list", items: ["s1-richard-hatch"] });
      await page.goto(listPath(list));
      await expect(page.getByRole("link", { name: "Edit My List" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Edit List", exact: true })).toHaveCount(0);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
