import { request } from "@playwright/test";
import { blockingAxeFindings } from "./accessibility.ts";
import { baseURL, createUser, expect, PASSWORD, signInPage, test } from "./fixtures.ts";

// The spoiler horizon as only a browser shows it (docs/product.md, "Spoiler
// horizon"): set from the header, later castaways hidden on a list page, one
// revealed on a tap, then all; the first-visit question asked once.

/** Another member's castaway list reaching season 49, made through the API. */
async function lateList(): Promise<string> {
  const author = await createUser();
  const api = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
  await api.post("/api/auth/sign-in/email", { data: { email: author.email, password: PASSWORD } });
  const res = await api.post("/api/lists", {
    data: {
      name: "Spoilery greats",
      items: ["s1-richard-hatch", "s45-austin-li-coon", "s20-parvati-shallow", "s49-alex-moore"],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const list = (await res.json()).list as { id: string; userId: string };
  await api.dispose();
  return `/list/${list.userId}/${list.id}`;
}

test("a member sets the horizon from the header, then reveals one hidden castaway and then all", async ({
  page,
  user,
}) => {
  const path = await lateList();
  await signInPage(page, user);
  await page.goto(path);
  await expect(page.getByText("Austin Li Coon")).toBeVisible();

  await page.getByRole("button", { name: "Spoilers", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Spoiler horizon" });
  await dialog.getByRole("combobox", { name: "Last season watched" }).selectOption("30");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Spoilers: Up to S30" })).toBeVisible();

  const hidden45 = page.getByRole("button", { name: "Hidden: season 45, reveal" });
  await expect(hidden45).toBeVisible();
  await expect(page.getByRole("button", { name: "Hidden: season 49, reveal" })).toBeVisible();
  await expect(page.getByText("Austin Li Coon")).toHaveCount(0);
  await expect(page.getByText("Richard Hatch")).toBeVisible();
  expect(await blockingAxeFindings(page)).toEqual([]);

  await hidden45.click();
  await expect(page.getByText("Austin Li Coon")).toBeVisible();
  await expect(page.getByText("Alex Moore")).toHaveCount(0);

  await page.getByRole("button", { name: /Reveal all/ }).click();
  await expect(page.getByText("Alex Moore")).toBeVisible();
  await expect(page.getByRole("button", { name: /Hidden: season/ })).toHaveCount(0);
});

test("a visitor is asked once, gently, on a first castaway list", async ({ page }) => {
  const path = await lateList();
  await page.goto(path);
  const prompt = page.getByRole("region", { name: "Spoiler horizon" });
  await expect(prompt).toBeVisible();
  // It blocks nothing: the list is there to read beside it.
  await expect(page.getByText("Austin Li Coon")).toBeVisible();
  await prompt.getByRole("button", { name: "No thanks" }).click();
  await expect(prompt).toBeHidden();

  await page.reload();
  await expect(page.getByText("Austin Li Coon")).toBeVisible();
  await page.goto("/global-rankings");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Spoiler horizon" })).toHaveCount(0);
});
