import { readFileSync } from "node:fs";
import { baseURL, createUser, expect, signInPage, test } from "./fixtures.ts";

// /account, for what only a browser shows: the header's way there, the
// password form, the data file as a real download, and the member landing
// on the home page signed out once their account is gone.

test.describe("Your account", () => {
  test("a visitor is asked to sign in", async ({ page }) => {
    await page.goto("/account");
    await expect(page.getByRole("heading", { name: "Your Account", level: 1 })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toBeVisible();
  });

  test("change the password, download the data, delete the account", async ({ page, browser }) => {
    const user = await createUser();
    await signInPage(page, user);
    // A second device, signed out by the new password.
    const laptop = await browser.newContext({ baseURL: baseURL() });
    await signInPage(await laptop.newPage(), user);

    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
    await expect(page).toHaveURL(/\/account$/);
    const sessions = page.getByRole("region", { name: "Where you're signed in" });
    await expect(sessions.getByText("This device")).toBeVisible();
    // The sign-up's own session, this page's and the laptop's.
    await expect(sessions.getByRole("listitem")).toHaveCount(3);

    const password = page.getByRole("region", { name: "Password" });
    await password.getByLabel("Current password").fill("not-my-password");
    await password.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
    await password.getByLabel("Confirm new password").fill("a-brand-new-password");
    await password.getByRole("button", { name: "Change Password" }).click();
    await expect(password.getByRole("alert")).toHaveText("Incorrect password. Please try again.");
    await password.getByLabel("Current password").fill(user.password);
    await password.getByRole("button", { name: "Change Password" }).click();
    await expect(password.getByText(/Your password has been changed/)).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    const laptopSession = await laptop.request.get("/api/auth/get-session");
    expect(await laptopSession.json()).toBeNull();
    await laptop.close();

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download My Data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^survivor-rankings-.+-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
      formatVersion: number;
      profile: { email: string };
    };
    expect(file.formatVersion).toBe(1);
    expect(file.profile.email).toBe(user.email);

    await page.getByRole("button", { name: "Delete My Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel("Username").fill(user.name);
    await dialog.getByLabel("Current password").fill("a-brand-new-password");
    await dialog.getByRole("button", { name: "Delete Forever" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status").getByText("Your account has been deleted.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    expect(await (await page.request.get("/api/auth/get-session")).json()).toBeNull();
  });
});
