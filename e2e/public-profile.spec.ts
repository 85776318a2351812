import { randomBytes } from "node:crypto";
import { request } from "@playwright/test";
import { baseURL, createUser, expect, PASSWORD, test } from "./fixtures.ts";

// /rankings/user/{userId}: anyone's profile and public lists.

test.describe("Public profile", () => {
  test("shows the profile, figures and lists without the author line", async ({ page }) => {
    const name = `Profiled${randomBytes(3).toString("hex")}`;
    const owner = await createUser({ name });
    const api = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
    await api.post("/api/auth/sign-in/email", { data: { email: owner.email, password: PASSWORD } });
    const res = await api.post("/api/lists", {
      data: {
        name: "Top castaways",
        description: "",
        tags: [],
        items: ["s1-richard-hatch", "s2-tina-wesson"],
      },
    });
    expect(res.status()).toBe(201);
    const list = (await res.json()).list as { id: string };

    await page.goto(`/rankings/user/${owner.id}`);
    // Arriving by address (no creator link): the profile heading.
    await expect(page.getByRole("heading", { name: `${name}'s Rankings`, level: 1 })).toBeVisible();
    await expect(page.getByRole("img", { name: `${name}'s profile picture` })).toBeVisible();
    await expect(page.getByText("Hidden Immunity Idols: 0")).toBeVisible();
    await expect(page.getByText("1 ranking(s) created by this user")).toBeVisible();
    await expect(page.getByText("Total Upvotes: 0")).toBeVisible();
    await expect(page.getByText("Most Ranked: Richard Hatch")).toBeVisible();
    await expect(page.getByText(`By ${name}`)).toHaveCount(0);
    await expect(page.getByText("2 contestants")).toBeVisible();

    await page.getByRole("link", { name: "Top castaways" }).click();
    await expect(page).toHaveURL(`/list/${owner.id}/${list.id}`);
  });

  test("says when a user has no public rankings", async ({ page }) => {
    const name = `Quiet${randomBytes(3).toString("hex")}`;
    const owner = await createUser({ name });
    await page.goto(`/rankings/user/${owner.id}`);
    await expect(page.getByText(`${name} hasn't created any public rankings yet.`)).toBeVisible();
    await expect(page.getByText("0 ranking(s) created by this user")).toBeVisible();
    await expect(page.getByText("Most Ranked: —")).toBeVisible();
  });

  test("an unknown user id shows 'User profile not found.'", async ({ page }) => {
    await page.goto("/rankings/user/no-such-user-id");
    await expect(page.getByText("User profile not found.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Unknown User's Rankings", level: 1 })).toBeVisible();
  });

  test("other failures show 'Could not load user profile.'", async ({ page }) => {
    await page.route("**/api/users/*", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } }),
    );
    await page.goto("/rankings/user/anyone");
    await expect(page.getByText("Could not load user profile.")).toBeVisible({ timeout: 15_000 });
  });

  test("without a user id it says so and links to browse", async ({ page }) => {
    await page.goto("/rankings/user");
    await expect(page.getByText("No user ID provided to view.")).toBeVisible();
    await page.getByRole("link", { name: "Browse All Rankings" }).click();
    await expect(page).toHaveURL(/\/rankings$/);
  });
});
