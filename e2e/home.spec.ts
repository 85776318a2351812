import type { APIRequestContext, Page, PlaywrightWorkerArgs } from "@playwright/test";
import { baseURL, createUser, type E2EUser, expect, PASSWORD, signInPage, test } from "./fixtures.ts";

// The home page: list blocks, favourites, and the reference lists (live, editors only).
// The e2e server is shared by every spec file, so other lists may be on the page too.

const TOP = "Top Voted Lists This Week";
const RECENT = "Recently Created Lists";
const FAVORITES = "Your Favorite Lists";
const FAVORITES_EMPTY =
  "You haven't favorited any lists yet. Click the star icon on lists you like to add them here!";
const EDITOR_EMAIL = "editor@e2e.test";
const SEARCH = "Search seasons or contestants...";
const VOTERS = 4;

interface ListRef {
  id: string;
  userId: string;
  name: string;
}

async function createList(request: APIRequestContext, name: string, items: string[]): Promise<ListRef> {
  const res = await request.post("/api/lists", { data: { name, description: "", tags: [], items } });
  expect(res.status()).toBe(201);
  return (await res.json()).list as ListRef;
}

/** A signed-in API client of its own (cookies apart from any page). */
async function apiAs(playwright: PlaywrightWorkerArgs["playwright"], user: E2EUser) {
  const request = await playwright.request.newContext({
    baseURL: baseURL(),
    extraHTTPHeaders: { Origin: baseURL() },
  });
  const res = await request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return request;
}

/** The editor account (ADMIN_EMAILS of the e2e server); made by the first test that needs it. */
async function editorUser(): Promise<E2EUser> {
  const known: E2EUser = { email: EDITOR_EMAIL, password: PASSWORD, name: "editor", id: "" };
  const signIn = await fetch(`${baseURL()}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL() },
    body: JSON.stringify({ email: EDITOR_EMAIL, password: PASSWORD }),
  });
  if (signIn.ok) return known;
  try {
    return await createUser({ email: EDITOR_EMAIL });
  } catch {
    // Made meanwhile (a rerun, a retry): signing in will do.
    return known;
  }
}

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });
const cardLink = (page: Page, block: string, list: ListRef) =>
  section(page, block).getByRole("link", { name: list.name, exact: true });
const referencePanel = (page: Page, name: string) =>
  section(page, "Our Rankings").getByRole("article", { name, exact: true });

const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

test.describe("home page", () => {
  test("shows the list blocks and the reference lists to a visitor, without favourites", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: TOP, level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: RECENT, level: 2 })).toBeVisible();
    // Readers see only the reference lists an editor has filled: never an empty panel.
    await expect(page.getByText("Nothing ranked here yet.")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: FAVORITES })).toHaveCount(0);
    await expect(page.getByText(FAVORITES_EMPTY)).toHaveCount(0);
    // The seasons panel sits beside the lists, for browsing.
    await expect(page.getByRole("complementary", { name: "Survivor Seasons" })).toBeVisible();
    // Reading only: no editing controls.
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  });

  test("a list created and upvoted now is under this week's top voted and the recent lists", async ({
    signedInPage: page,
    playwright,
  }) => {
    // Several sign-ups and a retried reload: more than the default time on a busy machine.
    test.slow();
    const mine = await createList(page.request, unique("Top pick"), [
      "s1-richard-hatch",
      "s1-kelly-wiglesworth",
      "s8-rob-mariano",
    ]);
    // Enough upvotes to lead the week whatever else the shared server holds.
    await Promise.all(
      Array.from({ length: VOTERS }, async () => {
        const voter = await apiAs(playwright, await createUser());
        const res = await voter.post(`/api/lists/${mine.userId}/${mine.id}/upvote`);
        expect(res.ok()).toBe(true);
        await voter.dispose();
      }),
    );

    await page.goto("/");
    const top = cardLink(page, TOP, mine);
    await expect(top).toBeVisible();
    const card = section(page, TOP)
      .locator("article")
      .filter({ has: page.getByRole("link", { name: mine.name, exact: true }) });
    await expect(card.getByRole("button", { name: `${VOTERS} upvotes` })).toBeVisible();
    await expect(card.getByText("Richard Hatch")).toBeVisible();
    await expect(card.getByRole("link", { name: /^By / })).toHaveAttribute(
      "title",
      "View all rankings by this user",
    );

    // Other workers create lists too: a fresh list shows up as the newest on a fresh load.
    await expect(async () => {
      const fresh = await createList(page.request, unique("Fresh"), ["s2", "s3"]);
      await page.reload();
      await expect(cardLink(page, RECENT, fresh)).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });

    await top.click();
    await expect(page).toHaveURL(`/list/${mine.userId}/${mine.id}`);
    // The list page knows it was opened from home (navigation state source 'home').
    await expect(page.getByRole("link", { name: /Back to Home/ })).toBeVisible();
  });

  test("favourites: a new user sees the empty text, then the list they favourited", async ({
    signedInPage: page,
    playwright,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: FAVORITES, level: 2 })).toBeVisible();
    await expect(section(page, FAVORITES).getByText(FAVORITES_EMPTY)).toBeVisible();

    const owner = await apiAs(playwright, await createUser());
    const theirs = await createList(owner, unique("Loved"), ["s20", "s28"]);
    await owner.dispose();
    const res = await page.request.post(`/api/lists/${theirs.userId}/${theirs.id}/favorite`);
    expect(res.ok()).toBe(true);

    await page.reload();
    const link = cardLink(page, FAVORITES, theirs);
    await expect(link).toBeVisible();
    await expect(section(page, FAVORITES).getByText(FAVORITES_EMPTY)).toHaveCount(0);
    const card = section(page, FAVORITES)
      .locator("article")
      .filter({ has: page.getByRole("link", { name: theirs.name, exact: true }) });
    await expect(card.getByRole("button", { name: "Remove from favorites" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Unfavouriting from the card takes it off the block.
    await card.getByRole("button", { name: "Remove from favorites" }).click();
    await expect(link).toHaveCount(0);
    await expect(section(page, FAVORITES).getByText(FAVORITES_EMPTY)).toBeVisible();
  });

  test("a signed-in non-editor sees the reference lists read-only and cannot change them", async ({
    signedInPage: page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: RECENT, level: 2 })).toBeVisible();
    await expect(page.getByText("Nothing ranked here yet.")).toHaveCount(0);
    await expect(page.getByRole("tab")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);
    // The picker only browses: castaways are not add buttons.
    await page.getByPlaceholder(SEARCH).fill("Richard Hatch");
    await expect(page.locator(".sp-castaway").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /^Richard Hatch,/ })).toHaveCount(0);

    const res = await page.request.put("/api/reference-lists/maddysList", {
      data: { items: ["s1-richard-hatch"] },
    });
    expect(res.status()).toBe(403);
  });
});

// Both change the shared reference lists as the one editor account: one after the other.
test.describe("home page reference lists (editor)", () => {
  test.describe.configure({ mode: "serial" });

  test("an editor's change reaches another open home page live", async ({ page, browser }) => {
    const editor = await editorUser();
    await signInPage(page, editor);
    // Start from an empty list whatever an earlier run left.
    const reset = await page.request.put("/api/reference-lists/andrewsList", { data: { items: [] } });
    expect(reset.ok()).toBe(true);

    const visitorContext = await browser.newContext({ baseURL: baseURL() });
    const visitor = await visitorContext.newPage();
    const stream = visitor.waitForResponse((r) => r.url().includes("/api/events"));
    await visitor.goto("/");
    await stream;
    const visitorPanel = referencePanel(visitor, "Andrew's List");
    // An empty reference list is hidden from everyone but editors.
    await expect(visitorPanel).toHaveCount(0);
    await visitor.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    await page.goto("/");
    await page.getByRole("tab", { name: /Andrew's List/ }).click();
    await expect(page.getByRole("tab", { name: /Andrew's List/ })).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel");
    await expect(panel.getByText("Nothing ranked here yet.")).toBeVisible();

    await page.getByPlaceholder(SEARCH).fill("Richard Hatch");
    await page.getByRole("button", { name: /^Richard Hatch, Survivor: Borneo/ }).click();
    await expect(panel.getByRole("listitem").filter({ hasText: "Richard Hatch" })).toBeVisible();

    // The visitor's page follows without a reload.
    await expect(visitorPanel.getByText("Richard Hatch")).toBeVisible();
    await expect(visitorPanel.getByText("Borneo")).toBeVisible();
    expect(await visitor.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    // A second castaway, moved to the top with the keyboard-reachable buttons, then one removed.
    await page.getByPlaceholder(SEARCH).fill("Rob Mariano");
    await page.getByRole("button", { name: /^Rob Mariano, / }).click();
    const rows = panel.getByRole("listitem");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText("Rob Mariano");
    await panel.getByRole("button", { name: "Move Rob Mariano up" }).click();
    await expect(rows.nth(0)).toContainText("Rob Mariano");
    await expect(visitorPanel.getByRole("listitem").nth(0)).toContainText("Rob Mariano");

    // A season cannot join a list of castaways.
    await page.getByPlaceholder(SEARCH).fill("");
    await page.getByRole("button", { name: "Add Survivor: Borneo to list" }).click();
    await expect(panel.getByRole("alert")).toHaveText("Cannot mix contestants and seasons.");
    await expect(rows).toHaveCount(2);

    await panel.getByRole("button", { name: "Remove Richard Hatch" }).click();
    await expect(rows).toHaveCount(1);
    await expect(visitorPanel.getByText("Richard Hatch")).toHaveCount(0);
    const saved = await (await page.request.get("/api/reference-lists")).json();
    expect(saved.lists.andrewsList.map((e: { name: string }) => e.name)).toEqual(["Rob Mariano"]);
    expect(saved.canEdit).toBe(true);

    await visitorContext.close();
  });

  test("an editor drags a castaway from the picker into place", async ({ page }) => {
    const editor = await editorUser();
    await signInPage(page, editor);
    const reset = await page.request.put("/api/reference-lists/kendallsList", {
      data: { items: ["s1-richard-hatch", "s1-kelly-wiglesworth"] },
    });
    expect(reset.ok()).toBe(true);

    await page.goto("/");
    await page.getByRole("tab", { name: /Kendall's List/ }).click();
    const panel = page.getByRole("tabpanel");
    const rows = panel.getByRole("listitem");
    await expect(rows).toHaveCount(2);

    await page.getByPlaceholder(SEARCH).fill("Rob Mariano");
    const source = page.getByRole("button", { name: /^Rob Mariano, / });
    const from = (await source.boundingBox())!;
    const target = (await rows.nth(0).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 - 20, from.y + from.height / 2, { steps: 5 });
    // Above the first row's centre: it lands first.
    await page.mouse.move(target.x + target.width / 2, target.y + 8, { steps: 15 });
    await page.mouse.up();

    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Rob Mariano");
    await expect
      .poll(async () => {
        const body = await (await page.request.get("/api/reference-lists")).json();
        return body.lists.kendallsList.map((e: { name: string }) => e.name);
      })
      .toEqual(["Rob Mariano", "Richard Hatch", "Kelly Wiglesworth"]);
  });
});
