import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures.ts";

// Lists in and out (docs/product.md, "Export and import"): paste lines on /create,
// fix the one that matched nothing, add, save; then download the list's JSON.

test("pastes a list on /create, fixes a line, saves, and downloads it as JSON", async ({
  signedInPage: page,
}) => {
  await page.goto("/create");
  await page.getByLabel("List Name").fill("Imported legends");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const panel = page.getByRole("region", { name: "Import a list" });
  await panel
    .getByLabel("Lines to import")
    .fill(
      "1. Boston Rob\n\nParvati - Micronesia\n#3 Sandra, Heroes vs. Villains\n4) Tony Vlachoz (Cagayan)\n",
    );

  await expect(panel.getByText("3 matched, 1 to fix.")).toBeVisible();
  await expect(panel.getByText("No season or contestant matches this line. Edit it:")).toHaveCount(1);
  // A returning player is matched in the season the line names, and can be moved to another.
  await expect(panel.getByLabel("Season: Parvati - Micronesia")).toHaveValue("s16-parvati-shallow");

  await panel.getByLabel("Edit line").fill("4) Tony Vlachos (Cagayan)");
  await expect(panel.getByText("4 matched.")).toBeVisible();
  await expect(panel.getByLabel("Season: 4) Tony Vlachos (Cagayan)")).toHaveValue("s28-tony-vlachos");
  await panel.getByRole("button", { name: "Add 4 to the list" }).click();

  await expect(page.getByRole("region", { name: "Import a list" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Added 4 entries." })).toBeVisible();
  await expect(page.locator(".ranking-row .ranking-name")).toHaveText([
    "Rob Mariano",
    "Parvati Shallow",
    "Sandra Diaz-Twine",
    "Tony Vlachos",
  ]);

  await page.getByRole("button", { name: "Save List" }).click();
  await expect(page).toHaveURL(/\/list\//);
  await expect(page.getByRole("heading", { name: "Imported legends", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Download" }).click();
  const downloading = page.waitForEvent("download");
  await page
    .getByRole("group", { name: "Download this list as" })
    .getByRole("button", { name: "JSON file" })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("imported-legends.json");
  const file = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(file).toMatchObject({
    format: "survivor-rankings/list",
    version: 1,
    name: "Imported legends",
    description: "",
    tags: [],
    kind: "castaways",
  });
  expect(file.items.map((i: { id: string }) => i.id)).toEqual([
    "s4-rob-mariano",
    "s16-parvati-shallow",
    "s20-sandra-diaz-twine",
    "s28-tony-vlachos",
  ]);
});
