import { request } from "@playwright/test";
import { baseURL, createUser, expect, PASSWORD, test } from "./fixtures.ts";

// The Community Consensus page: its tab and slice live in the address. An item
// is ranked once five members' lists hold it, so five members each save a
// seasons list and a list of season 20's cast; the e2e server refits two seconds
// after a list changes (CONSENSUS_REFRESH_MS in playwright.config.ts).

const SEASONS = ["s20", "s28", "s40", "s16", "s7"];
const CAST_20 = ["s20-parvati-shallow", "s20-sandra-diaz-twine", "s20-russell-hantz", "s20-rob-mariano"];

async function seedMember(index: number): Promise<void> {
  const user = await createUser({ name: `Consensus fan ${index + 1}` });
  const api = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
  const signIn = await api.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  // Each member's own order: the same items, rotated.
  const rotate = (ids: string[]) => [...ids.slice(index % ids.length), ...ids.slice(0, index % ids.length)];
  for (const [name, items] of [
    ["Consensus seasons", rotate(SEASONS)],
    ["Consensus castaways", rotate(CAST_20)],
  ] as const) {
    const res = await api.post("/api/lists", { data: { name, description: "", tags: [], items } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await api.dispose();
}

/** Waits until the slice ranks something (the fit runs in the background). */
async function rankedIn(path: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await fetch(`${baseURL()}/api/consensus/${path}`);
        return res.ok ? ((await res.json()) as { ranked: unknown[] }).ranked.length : 0;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
}

test.beforeAll(async () => {
  for (let i = 0; i < 5; i++) await seedMember(i);
  await rankedIn("seasons/all");
  await rankedIn("castaways/season-20");
});

test("Community Consensus: ranked rows with their range; the tab and slice are in the address", async ({
  page,
}) => {
  await page.goto("/consensus");
  await expect(page.getByRole("heading", { level: 1, name: "Community Consensus" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Seasons" })).toHaveAttribute("aria-selected", "true");
  const first = page
    .getByRole("list", { name: /community ranking$/ })
    .getByRole("listitem")
    .first();
  await expect(first).toContainText("#1");
  await expect(first).toContainText(/\(\d+–\d+\)/);
  await expect(first).toContainText(/in \d+ lists?/);

  await page.getByRole("tab", { name: "Castaways" }).click();
  await expect(page).toHaveURL(/\/consensus\?kind=castaways&slice=all$/);
  await page.getByLabel("Season", { exact: true }).selectOption("season-20");
  await expect(page).toHaveURL(/\/consensus\?kind=castaways&slice=season-20$/);

  await page.reload();
  await expect(page.getByRole("tab", { name: "Castaways" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Season", { exact: true })).toHaveValue("season-20");
  const castaway = page
    .getByRole("list", { name: /community ranking$/ })
    .getByRole("listitem")
    .first();
  await expect(castaway).toContainText("#1");
  await expect(castaway).toContainText("Survivor: Heroes vs. Villains");
  await expect(castaway).toContainText(/\(\d+–\d+\)/);
  await expect(castaway).toContainText(/in \d+ lists?/);
});
