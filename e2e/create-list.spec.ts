import type { Locator, Page } from "@playwright/test";
import { LIST_MESSAGES } from "#shared/lists.ts";
import { expect, signInPage, test } from "./fixtures.ts";

// The create / edit screen on desktop (1366x900): the list builder beside the season picker.

const rows = (page: Page) => page.locator(".ranking-row .ranking-name");
const ranking = (page: Page) => page.getByTestId("ranking-zone");
const panel = (page: Page) => page.getByRole("complementary", { name: "Survivor Seasons" });

async function openSeason(page: Page, seasonName: string) {
  await panel(page).getByRole("button", { name: seasonName, exact: true }).click();
  await expect(panel(page).getByRole("button", { name: "Back to Seasons" })).toBeVisible();
}

const castaway = (page: Page, name: string) =>
  panel(page).getByRole("button", { name: new RegExp(`^${name},`) });

/** A mouse drag the way a person does it: press, move past the 5 px threshold, travel, let go. */
async function dragTo(page: Page, from: Locator, to: Locator, where: "top" | "bottom" | "center" = "center") {
  // Target mid-screen, clear of the auto-scroll edge zones (200 px on desktop).
  await to.evaluate((el) => el.scrollIntoView({ block: "center" }));
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error("drag source or target is not on screen");
  const sx = a.x + a.width / 2;
  const sy = a.y + a.height / 2;
  const tx = b.x + b.width / 2;
  const ty =
    where === "top" ? b.y + b.height * 0.15 : where === "bottom" ? b.y + b.height * 0.85 : b.y + b.height / 2;
  await page.mouse.move(sx, sy);
  await page.mouse.down();
  // Start off towards the target: a first move the other way would ask the page to auto-scroll.
  const dist = Math.hypot(tx - sx, ty - sy) || 1;
  await page.mouse.move(sx + ((tx - sx) / dist) * 12, sy + ((ty - sy) / dist) * 12, { steps: 4 });
  await page.mouse.move(tx, ty, { steps: 20 });
  await page.mouse.move(tx, ty + 1, { steps: 2 });
  await page.mouse.up();
}

test.describe("create a list (desktop)", () => {
  test("a visitor sees the empty builder and Sign in to Save", async ({ page }) => {
    await page.goto("/create");
    await expect(page.getByRole("heading", { name: "Create New Ranking", level: 1 })).toBeVisible();
    await expect(page.getByLabel("List Name")).toHaveAttribute("maxlength", "50");
    await expect(page.getByLabel("Description")).toHaveAttribute("maxlength", "200");
    await expect(
      page.getByText("Tip: tag your list Spoiler if it reveals results of recent seasons."),
    ).toBeVisible();
    for (const tag of ["Favorites", "Social", "Strategic", "Challenge Beasts", "Spoiler"]) {
      await expect(page.getByRole("button", { name: tag, exact: true })).toHaveAttribute(
        "aria-pressed",
        "false",
      );
    }
    await expect(page.getByRole("button", { name: "Sign in to Save" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save List" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Clear List" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel" })).toBeVisible();
  });

  test("builds a castaway list by clicking and dragging, then saves it", async ({ signedInPage: page }) => {
    await page.goto("/create");
    await openSeason(page, "Survivor: Borneo");
    await castaway(page, "Colleen Haskell").click();
    await castaway(page, "Gervase Peterson").click();
    // A repeat is silently ignored.
    await castaway(page, "Colleen Haskell").click();
    await expect(rows(page)).toHaveText(["Colleen Haskell", "Gervase Peterson"]);

    // Dropped on the upper half of the second row: it goes between the two.
    await dragTo(page, castaway(page, "Dirk Been"), page.locator(".ranking-row").nth(1), "top");
    await expect(rows(page)).toHaveText(["Colleen Haskell", "Dirk Been", "Gervase Peterson"]);
    // Dropped below the last row: it goes to the end.
    await dragTo(page, castaway(page, "B.B. Andersen"), page.locator(".ranking-row").nth(2), "bottom");
    await expect(rows(page)).toHaveText([
      "Colleen Haskell",
      "Dirk Been",
      "Gervase Peterson",
      "B.B. Andersen",
    ]);
    await expect(page.locator(".ranking-row .ranking-pos")).toHaveText(["1", "2", "3", "4"]);

    // Nothing is saved without a name.
    await page.getByRole("button", { name: "Save List" }).click();
    await expect(page.getByText(LIST_MESSAGES.nameRequired)).toBeVisible();

    await page.getByLabel("List Name").fill("Borneo, ranked");
    // The error goes as soon as its cause is fixed.
    await expect(page.getByText(LIST_MESSAGES.nameRequired)).toHaveCount(0);
    await page.getByLabel("Description").fill("The first tribe.");
    await page.getByRole("button", { name: "Strategic", exact: true }).click();
    await expect(page.getByRole("button", { name: "Strategic", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.getByRole("button", { name: "Save List" }).click();
    await expect(page).toHaveURL(/\/list\/[^/]+\/list_\d+$/);

    const [, userId, listId] = /\/list\/([^/]+)\/([^/]+)$/.exec(page.url())!;
    const saved = await (await page.request.get(`/api/lists/${userId}/${listId}`)).json();
    expect(saved.list.name).toBe("Borneo, ranked");
    expect(saved.list.description).toBe("The first tribe.");
    expect(saved.list.tags).toEqual(["strategic", "survivor-ranking"]);
    expect(saved.list.items.map((i: { name: string }) => i.name)).toEqual([
      "Colleen Haskell",
      "Dirk Been",
      "Gervase Peterson",
      "B.B. Andersen",
    ]);
    // The draft went with the save.
    expect((await (await page.request.get("/api/me/draft")).json()).draft).toBeNull();
    await page.goto("/create");
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByLabel("List Name")).toHaveValue("");
  });

  test("a season dropped on a castaway list is refused with the mixing text", async ({ page }) => {
    await page.goto("/create");
    await openSeason(page, "Survivor: Borneo");
    await castaway(page, "Jenna Lewis").click();
    await panel(page).getByRole("button", { name: "Back to Seasons" }).click();

    await dragTo(
      page,
      panel(page).getByRole("button", { name: "Survivor: Africa", exact: true }),
      ranking(page),
    );
    await expect(
      page.getByRole("alert").filter({ hasText: "Cannot mix contestants and seasons." }),
    ).toBeVisible();
    await expect(rows(page)).toHaveText(["Jenna Lewis"]);
    // Shown for 3 seconds.
    await expect(page.getByText("Cannot mix contestants and seasons.")).toHaveCount(0, { timeout: 5000 });

    // The other way round: a season list refuses a castaway.
    await page.getByRole("button", { name: "Remove Jenna Lewis" }).click();
    await panel(page).getByRole("button", { name: "Add Survivor: Africa to list" }).click();
    await openSeason(page, "Survivor: Borneo");
    await dragTo(page, castaway(page, "Joel Klug"), ranking(page));
    await expect(page.getByText("Cannot mix seasons and contestants.")).toBeVisible();
    // A click-add that would mix shows the same inline text on desktop.
    await castaway(page, "Greg Buis").click();
    await expect(page.getByText("Cannot mix seasons and contestants.")).toBeVisible();
    await expect(rows(page)).toHaveText(["Survivor: Africa"]);
  });

  test("builds and saves a season list", async ({ signedInPage: page }) => {
    await page.goto("/create");
    await panel(page).getByRole("button", { name: "Add Survivor: Borneo to list" }).click();
    await panel(page).getByRole("button", { name: "Add Survivor: Africa to list" }).click();
    await dragTo(
      page,
      panel(page).getByRole("button", { name: "Survivor: The Australian Outback", exact: true }),
      page.locator(".ranking-row").nth(1),
      "top",
    );
    await expect(rows(page)).toHaveText([
      "Survivor: Borneo",
      "Survivor: The Australian Outback",
      "Survivor: Africa",
    ]);
    await expect(page.locator(".ranking-total")).toHaveText("3 seasons");
    await page.getByLabel("List Name").fill("Early seasons");
    await page.getByRole("button", { name: "Save List" }).click();
    await expect(page).toHaveURL(/\/list\/[^/]+\/list_\d+$/);
    const [, userId, listId] = /\/list\/([^/]+)\/([^/]+)$/.exec(page.url())!;
    const saved = await (await page.request.get(`/api/lists/${userId}/${listId}`)).json();
    expect(saved.list.kind).toBe("seasons");
    expect(saved.list.items.map((i: { id: string }) => i.id)).toEqual(["s1", "s2", "s3"]);
  });

  test("reorders by drag and by the move buttons, and removes", async ({ page }) => {
    await page.goto("/create");
    await openSeason(page, "Survivor: Borneo");
    for (const name of ["B.B. Andersen", "Colleen Haskell", "Dirk Been", "Gervase Peterson"]) {
      await castaway(page, name).click();
    }
    await expect(rows(page)).toHaveText([
      "B.B. Andersen",
      "Colleen Haskell",
      "Dirk Been",
      "Gervase Peterson",
    ]);

    // Drag the third row by its handle onto the first.
    await dragTo(
      page,
      page.getByRole("button", { name: "Drag Dirk Been to reorder" }),
      page.locator(".ranking-row").first(),
    );
    await expect(rows(page)).toHaveText([
      "Dirk Been",
      "B.B. Andersen",
      "Colleen Haskell",
      "Gervase Peterson",
    ]);

    await page.getByRole("button", { name: "Move Gervase Peterson up" }).click();
    await expect(rows(page)).toHaveText([
      "Dirk Been",
      "B.B. Andersen",
      "Gervase Peterson",
      "Colleen Haskell",
    ]);
    await page.getByRole("button", { name: "Move Dirk Been down" }).click();
    await expect(rows(page)).toHaveText([
      "B.B. Andersen",
      "Dirk Been",
      "Gervase Peterson",
      "Colleen Haskell",
    ]);
    await expect(page.getByRole("button", { name: "Move B.B. Andersen up" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move Colleen Haskell down" })).toBeDisabled();

    // The keyboard: Space picks the row up by its handle, arrows move it, Space drops it.
    await page.getByRole("button", { name: "Drag Colleen Haskell to reorder" }).focus();
    await page.keyboard.press("Space");
    await expect(page.locator(".ranking-row.is-dragging")).toHaveCount(1);
    await page.keyboard.press("ArrowUp");
    await page.waitForTimeout(200);
    await page.keyboard.press("Space");
    await expect(rows(page)).toHaveText([
      "B.B. Andersen",
      "Dirk Been",
      "Colleen Haskell",
      "Gervase Peterson",
    ]);

    await page.getByRole("button", { name: "Remove Dirk Been" }).click();
    await expect(rows(page)).toHaveText(["B.B. Andersen", "Colleen Haskell", "Gervase Peterson"]);
  });

  test("the draft survives a reload, and Clear List empties everything after confirming", async ({
    page,
  }) => {
    await page.goto("/create");
    await openSeason(page, "Survivor: Borneo");
    await castaway(page, "Greg Buis").click();
    await castaway(page, "Gretchen Cordy").click();
    await page.getByLabel("List Name").fill("Work in progress");
    await page.getByLabel("Description").fill("Not done yet");
    await page.getByRole("button", { name: "Social", exact: true }).click();

    await page.reload();
    await expect(rows(page)).toHaveText(["Greg Buis", "Gretchen Cordy"]);
    await expect(page.getByLabel("List Name")).toHaveValue("Work in progress");
    await expect(page.getByLabel("Description")).toHaveValue("Not done yet");
    await expect(page.getByRole("button", { name: "Social", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Dismissing the confirmation keeps the list.
    page.once("dialog", (d) => void d.dismiss());
    await page.getByRole("button", { name: "Clear List" }).click();
    await expect(rows(page)).toHaveCount(2);

    let asked = "";
    page.once("dialog", (d) => {
      asked = d.message();
      void d.accept();
    });
    await page.getByRole("button", { name: "Clear List" }).click();
    expect(asked).toBe(LIST_MESSAGES.clearConfirm);
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByLabel("List Name")).toHaveValue("");
    await expect(page.getByLabel("Description")).toHaveValue("");
    await expect(page.getByRole("button", { name: "Social", exact: true })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await page.reload();
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByLabel("List Name")).toHaveValue("");
  });

  test("a signed-in draft is stored on the server and follows the user", async ({
    browser,
    signedInPage: page,
    user,
  }) => {
    await page.goto("/create");
    await openSeason(page, "Survivor: Borneo");
    const saved = page.waitForResponse(
      (r) => r.url().endsWith("/api/me/draft") && r.request().method() === "PUT",
    );
    await castaway(page, "Joel Klug").click();
    await page.getByLabel("List Name").fill("On another device");
    await saved;
    await expect
      .poll(async () => (await (await page.request.get("/api/me/draft")).json()).draft?.name)
      .toBe("On another device");

    // A fresh tab (no session draft) signed in as the same person gets the stored draft.
    const other = await browser.newContext();
    const tab = await other.newPage();
    await signInPage(tab, user);
    await tab.goto("/create");
    await expect(tab.getByLabel("List Name")).toHaveValue("On another device");
    await expect(rows(tab)).toHaveText(["Joel Klug"]);
    await other.close();

    // Cancel abandons it and goes to My Lists.
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/mylists$/);
    await expect.poll(async () => (await (await page.request.get("/api/me/draft")).json()).draft).toBeNull();
    await page.goto("/create");
    await expect(page.getByLabel("List Name")).toHaveValue("");
  });

  test("a visitor's list survives signing in", async ({ page, user }) => {
    await page.goto("/create");
    await openSeason(page, "Survivor: Borneo");
    await castaway(page, "Jenna Lewis").click();
    await castaway(page, "Joel Klug").click();
    await page.getByLabel("List Name").fill("Made before signing in");
    await page.getByRole("button", { name: "Challenge Beasts", exact: true }).click();

    await page.getByRole("button", { name: "Sign in to Save" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole("button", { name: "Sign in with Email" }).click();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    await expect(page).toHaveURL(/\/create$/);
    await expect(page.getByLabel("List Name")).toHaveValue("Made before signing in");
    await expect(rows(page)).toHaveText(["Jenna Lewis", "Joel Klug"]);
    await expect(page.getByRole("button", { name: "Challenge Beasts", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    // Applied once: the action is gone from storage.
    expect(await page.evaluate(() => sessionStorage.getItem("survivor.postLoginAction"))).toBeNull();

    await page.getByRole("button", { name: "Save List" }).click();
    await expect(page).toHaveURL(new RegExp(`/list/${user.id}/list_\\d+$`));
  });

  test("edits a saved list from My Lists, also after a reload", async ({ signedInPage: page, user }) => {
    const res = await page.request.post("/api/lists", {
      data: {
        name: "To be edited",
        description: "Before",
        tags: ["social"],
        items: ["s1-b-b-andersen", "s1-dirk-been"],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { list } = await res.json();

    await page.goto("/mylists");
    await page
      .locator(".my-lists-grid > li")
      .filter({ hasText: "To be edited" })
      .getByRole("link", { name: "Edit", exact: true })
      .click();
    await expect(page).toHaveURL(`/create?edit=${list.id}&user=${user.id}`);
    await expect(page.getByRole("heading", { name: "Edit Ranking", level: 1 })).toBeVisible();
    await expect(page.getByLabel("List Name")).toHaveValue("To be edited");
    await expect(page.getByLabel("Description")).toHaveValue("Before");
    await expect(page.getByRole("button", { name: "Social", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(rows(page)).toHaveText(["B.B. Andersen", "Dirk Been"]);

    await page.getByLabel("List Name").fill("Edited");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Edit Ranking", level: 1 })).toBeVisible();
    await expect(page.getByLabel("List Name")).toHaveValue("Edited");

    await page.getByRole("button", { name: "Move Dirk Been up" }).click();
    await page.getByRole("button", { name: "Update List" }).click();
    await expect(page).toHaveURL(`/list/${user.id}/${list.id}`);
    const saved = await (await page.request.get(`/api/lists/${user.id}/${list.id}`)).json();
    expect(saved.list.name).toBe("Edited");
    expect(saved.list.items.map((i: { id: string }) => i.id)).toEqual(["s1-dirk-been", "s1-b-b-andersen"]);

    // Leaving edit mode: /create is a new list again.
    await page.goto("/create");
    await expect(page.getByRole("heading", { name: "Create New Ranking", level: 1 })).toBeVisible();
    await expect(page.getByLabel("List Name")).toHaveValue("");
  });

  test("editing a list that is gone says so", async ({ signedInPage: page, user }) => {
    await page.goto(`/create?edit=list_1&user=${user.id}`);
    await expect(page.getByText(LIST_MESSAGES.notFoundForEdit)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Create New Ranking", level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/create$/);
  });
});
