import type { Page } from "@playwright/test";
import { baseURL, createUser, expect, signInPage, test } from "./fixtures.ts";

// The Inbox on a phone (390 px, touch): it sits in the header's menu panel.

const header = (page: Page) => page.getByRole("banner");

test.describe("Inbox (phone)", () => {
  test("a new comment puts a badge on the menu; a tap opens the Inbox, a tap on the notification opens the list", async ({
    signedInPage: owner,
    browser,
  }) => {
    const created = await owner.request.post("/api/lists", {
      data: { name: "Pocket list", description: "", tags: [], items: ["s1-richard-hatch"] },
      headers: { Origin: baseURL() },
    });
    expect(created.status()).toBe(201);
    const list = (await created.json()).list as { id: string; userId: string };

    await owner.goto("/rankings");
    const menu = header(owner).getByRole("button", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByTestId("inbox-menu-badge")).toHaveCount(0);

    // Someone comments from another browser.
    const context = await browser.newContext();
    const other = await context.newPage();
    const commenter = await createUser();
    await signInPage(other, commenter);
    const posted = await other.request.post("/api/comments", {
      data: { target: { listUserId: list.userId, listId: list.id }, text: "Short and sweet list" },
      headers: { Origin: baseURL() },
    });
    expect(posted.status()).toBe(201);

    // The badge rises on the menu button, live.
    await expect(menu.getByTestId("inbox-menu-badge")).toHaveText("1");
    await menu.tap();
    const inbox = header(owner).getByRole("button", { name: /^Inbox/ });
    await expect(inbox.getByTestId("inbox-badge")).toHaveText("1");
    await inbox.tap();
    await expect(inbox).toHaveAttribute("aria-expanded", "true");
    const entry = header(owner).getByRole("link", {
      name: new RegExp(`^${commenter.name} commented "Short and ..."`),
    });
    await expect(entry).toBeInViewport();
    // Nothing sticks out sideways.
    const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await entry.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    await entry.tap();
    await expect(owner).toHaveURL(new RegExp(`/list/${list.userId}/${list.id}$`));
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu.getByTestId("inbox-menu-badge")).toHaveCount(0);
    await expect(owner.getByRole("article", { name: `Comment by ${commenter.name}` })).toContainText(
      "Short and sweet list",
    );
    await context.close();
  });

  test("a tap outside closes the Inbox and reads what was shown", async ({ signedInPage: owner, user }) => {
    const created = await owner.request.post("/api/lists", {
      data: { name: "Tap away", description: "", tags: [], items: ["s1-richard-hatch"] },
      headers: { Origin: baseURL() },
    });
    const list = (await created.json()).list as { id: string; userId: string };
    const commenter = await createUser();
    const context = await owner.context().browser()!.newContext();
    const other = await context.newPage();
    await signInPage(other, commenter);
    await other.request.post("/api/comments", {
      data: { target: { listUserId: list.userId, listId: list.id }, text: "Hi there" },
      headers: { Origin: baseURL() },
    });
    await context.close();

    await owner.goto("/rankings");
    const menu = header(owner).getByRole("button", { name: "Menu" });
    await expect(menu.getByTestId("inbox-menu-badge")).toHaveText("1");
    await menu.tap();
    const inbox = header(owner).getByRole("button", { name: /^Inbox/ });
    await inbox.tap();
    await expect(header(owner).getByText(`${commenter.name} commented "Hi there..."`)).toBeVisible();
    // Tap the welcome line: inside the menu, outside the Inbox.
    await header(owner).getByText(`Welcome, ${user.name}`).tap();
    await expect(inbox).toHaveAttribute("aria-expanded", "false");
    await expect(inbox.getByTestId("inbox-badge")).toHaveCount(0);
  });
});
