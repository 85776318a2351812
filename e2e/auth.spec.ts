import type { Page } from "@playwright/test";
import { STORAGE_KEYS } from "#client/lib/storage.ts";
import { AUTH_MESSAGES } from "#shared/messages.ts";
import { createUser, expect, outboxFor, PASSWORD, test, uniqueEmail } from "./fixtures.ts";

const PASSWORD_CHANGED = "Your password has been changed. Please sign in with your new password.";
const RESET_LINK_INVALID = "This password reset link is invalid or has expired. Please request a new one.";

async function openEmailForm(page: Page, mode: "Sign In" | "Sign Up" = "Sign In") {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Sign In Required", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Sign in with Email" }).click();
  if (mode === "Sign Up") await page.getByRole("radio", { name: "Sign Up" }).check();
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function fillSignUp(page: Page, email: string, password: string, confirm = password) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(confirm);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
}

const alert = (page: Page) => page.locator("main").getByRole("alert");
const status = (page: Page) => page.locator("main").getByRole("status");
const header = (page: Page) => page.getByRole("banner");

function resetLink(email: string): string {
  const mails = outboxFor(email);
  const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(mails.at(-1) ?? "")?.[0];
  if (!link) throw new Error(`no reset link mailed to ${email}`);
  return link;
}

test.describe("the sign-in screen", () => {
  test("shows the product's title, texts and buttons; the email form toggles", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign In Required");
    await expect(
      page.getByText("To create and interact with Survivor contestant rankings, please sign in.", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(
      page.getByText("Once logged in, you'll be able to create your own!", { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with X (Twitter)" })).toBeVisible();

    const emailButton = page.getByRole("button", { name: "Sign in with Email" });
    await expect(page.getByLabel("Email")).toHaveCount(0);
    await emailButton.click();
    await expect(emailButton).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Email")).toHaveAttribute("required", "");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("required", "");
    await expect(page.getByLabel("Confirm Password")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Forgot Password?" })).toBeVisible();

    await page.getByRole("radio", { name: "Sign Up" }).check();
    await expect(page.getByLabel("Confirm Password")).toBeVisible();
    await expect(page.getByRole("button", { name: "Forgot Password?" })).toHaveCount(0);

    await emailButton.click();
    await expect(page.getByLabel("Email")).toHaveCount(0);
  });

  test("explains that an unconfigured identity provider is not available", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(alert(page)).toHaveText("Sign-in with Google is not configured on this server.");
    await page.getByRole("button", { name: "Sign in with X (Twitter)" }).click();
    await expect(alert(page)).toHaveText("Sign-in with X (Twitter) is not configured on this server.");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a configured provider's sign-in opens the address the server returns", async ({ page }) => {
    // The test server has no provider keys: stand in for a configured one.
    await page.route("**/api/auth/providers", (route) =>
      route.fulfill({ json: { google: true, twitter: true } }),
    );
    const started: unknown[] = [];
    await page.route("**/api/auth/sign-in/social", (route) => {
      const body = route.request().postDataJSON() as { provider: string };
      started.push(body);
      return body.provider === "google"
        ? route.fulfill({ json: { url: "/rankings", redirect: true } })
        : route.fulfill({ status: 500, json: { message: "boom" } });
    });
    await page.goto("/login");

    await page.getByRole("button", { name: "Sign in with X (Twitter)" }).click();
    await expect(alert(page)).toHaveText(AUTH_MESSAGES.twitterFailed);
    await expect(alert(page)).toHaveText(
      "Twitter sign-in failed. Please try again or use a different method.",
    );

    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await expect(page).toHaveURL(/\/rankings$/);
    expect(started).toEqual([
      expect.objectContaining({ provider: "twitter", callbackURL: "/login" }),
      expect.objectContaining({ provider: "google", callbackURL: "/login" }),
    ]);
  });

  test("coming back from X (Twitter) with an error shows the product's alert", async ({ page }) => {
    await page.goto("/login?provider=twitter&error=account_not_linked");
    await expect(alert(page)).toHaveText(
      "An account already exists with this email using a different sign-in method. Please sign in with Google or the method you used previously.",
    );
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/login?provider=twitter&error=access_denied");
    await expect(alert(page)).toHaveText(AUTH_MESSAGES.twitterFailed);

    // Google's failure is only logged (docs/product.md, Sign-in and accounts).
    await page.goto("/login?provider=google&error=access_denied");
    await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(alert(page)).toHaveCount(0);
  });

  test("a signed-in user visiting /login lands on /", async ({ signedInPage: page, user }) => {
    await page.goto("/login");
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page)).toContainText(`Welcome, ${user.name}`);
    // The login page was replaced, not stacked.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/login/);
  });
});

test.describe("signing up, out and in", () => {
  test("sign up, sign out and sign in again through the screen", async ({ page }) => {
    const email = uniqueEmail("castaway");
    const name = email.split("@")[0]!;

    await openEmailForm(page, "Sign Up");
    await fillSignUp(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page)).toContainText(`Welcome, ${name}`);

    await header(page).getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(header(page)).not.toContainText("Welcome");

    await page.getByRole("button", { name: "Sign in with Email" }).click();
    await fillSignIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page)).toContainText(`Welcome, ${name}`);
  });

  test("sign-up errors show the product's texts", async ({ page, user }) => {
    await openEmailForm(page, "Sign Up");
    await fillSignUp(page, uniqueEmail(), PASSWORD, `${PASSWORD}-typo`);
    await expect(alert(page)).toHaveText(AUTH_MESSAGES.passwordsDiffer);
    await expect(alert(page)).toHaveText("Passwords do not match.");

    await fillSignUp(page, user.email, PASSWORD);
    await expect(alert(page)).toHaveText("Email already in use. Please sign in instead.");

    await fillSignUp(page, uniqueEmail(), "short");
    await expect(alert(page)).toHaveText("Password is too weak. Please use a stronger password.");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("sign-in errors show the product's texts", async ({ page, user }) => {
    await openEmailForm(page);
    await fillSignIn(page, user.email, "not-my-password");
    await expect(alert(page)).toHaveText("Incorrect password. Please try again.");

    await fillSignIn(page, uniqueEmail("ghost"), PASSWORD);
    await expect(alert(page)).toHaveText("No account found with this email. Please sign up.");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("switching between Sign In and Sign Up clears the error", async ({ page, user }) => {
    await openEmailForm(page);
    await fillSignIn(page, user.email, "not-my-password");
    await expect(alert(page)).toHaveText(AUTH_MESSAGES.wrongPassword);
    await page.getByRole("radio", { name: "Sign Up" }).check();
    await expect(alert(page)).toHaveCount(0);

    await fillSignUp(page, uniqueEmail(), PASSWORD, "something-else");
    await expect(alert(page)).toHaveText(AUTH_MESSAGES.passwordsDiffer);
    await page.getByRole("radio", { name: "Sign In" }).check();
    await expect(alert(page)).toHaveCount(0);
  });
});

test.describe("password reset", () => {
  test("Forgot Password asks for the email first", async ({ page }) => {
    await openEmailForm(page);
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    await expect(alert(page)).toHaveText("Please enter your email address to reset your password.");
  });

  test("Forgot Password mails a reset link and says so; it reads Sending... meanwhile", async ({
    page,
    user,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/request-password-reset", async (route) => {
      await held;
      await route.continue();
    });

    await openEmailForm(page);
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();

    await expect(status(page)).toHaveText("Password reset email sent. Check your inbox for instructions.");
    await expect(page.getByRole("button", { name: "Forgot Password?" })).toBeEnabled();
    expect(outboxFor(user.email)).toHaveLength(1);
    expect(resetLink(user.email)).toContain("/api/auth/reset-password/");
  });

  test("a failed reset request shows the product's text", async ({ page, user }) => {
    await page.route("**/api/auth/request-password-reset", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }),
    );
    await openEmailForm(page);
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    await expect(alert(page)).toHaveText("Failed to send password reset email. Please try again.");
  });

  test("the mailed link lets the user choose a new password", async ({ page }) => {
    const user = await createUser();
    const newPassword = "a-brand-new-password";

    await openEmailForm(page);
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    await expect(status(page)).toHaveText(AUTH_MESSAGES.resetSent);

    await page.goto(resetLink(user.email));
    await expect(page).toHaveURL(/\/login\?token=/);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();

    await page.getByLabel("New Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm New Password").fill("a-different-password");
    await page.getByRole("button", { name: "Save New Password" }).click();
    await expect(alert(page)).toHaveText(AUTH_MESSAGES.passwordsDiffer);

    await page.getByLabel("Confirm New Password").fill(newPassword);
    await page.getByRole("button", { name: "Save New Password" }).click();
    await expect(status(page)).toHaveText(PASSWORD_CHANGED);
    await expect(page).toHaveURL(/\/login$/);

    // The old password no longer works; the new one does.
    await fillSignIn(page, user.email, PASSWORD);
    await expect(alert(page)).toHaveText(AUTH_MESSAGES.wrongPassword);
    await fillSignIn(page, user.email, newPassword);
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page)).toContainText(`Welcome, ${user.name}`);
  });

  test("an invalid or expired link says so", async ({ page }) => {
    await page.goto("/api/auth/reset-password/not-a-real-token?callbackURL=%2Flogin");
    await expect(alert(page)).toHaveText(RESET_LINK_INVALID);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Forgot Password?" })).toBeVisible();
  });
});

test.describe("post-login action", () => {
  async function saveAction(page: Page, value: string) {
    await page.evaluate(
      ([key, raw]) => sessionStorage.setItem(key!, raw!),
      [STORAGE_KEYS.postLoginAction, value],
    );
  }
  const readAction = (page: Page) =>
    page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.postLoginAction);

  test("a saved action is followed after sign-in, with its data", async ({ page, user }) => {
    // Catch the hand-over as it happens: the target screen may consume the
    // navigation state right after (the create screen applies it once).
    await page.addInitScript(() => {
      const replace = history.replaceState.bind(history);
      history.replaceState = (state: unknown, unused: string, url?: string | URL | null) => {
        const pending = (state as { usr?: { pendingListData?: unknown } } | null)?.usr?.pendingListData;
        if (pending) (window as { handedOver?: unknown }).handedOver = { pending, url: String(url) };
        replace(state, unused, url);
      };
    });
    const data = { name: "Pending list", description: "", tags: [], contestants: [], id: null };
    await openEmailForm(page);
    await saveAction(page, JSON.stringify({ path: "/create", data }));

    const submitted = Date.now();
    await fillSignIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/create$/);
    // The 500 ms pause before moving on (docs/product.md, Drafts).
    expect(Date.now() - submitted).toBeGreaterThanOrEqual(500);
    // Handed over as navigation state, replacing /login in the history.
    expect(await page.evaluate(() => (window as { handedOver?: unknown }).handedOver)).toEqual({
      pending: data,
      url: "/create",
    });
    await page.goBack();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test("an action for another path is followed once and removed", async ({ page, user }) => {
    await openEmailForm(page);
    await saveAction(page, JSON.stringify({ path: "/rankings", data: {} }));
    await fillSignIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/rankings$/);
    expect(await readAction(page)).toBeNull();
  });

  test("a malformed action is removed and the user goes home", async ({ page, user }) => {
    await openEmailForm(page);
    await saveAction(page, JSON.stringify({ path: "create", data: "not an object" }));
    await fillSignIn(page, user.email, user.password);
    await expect(page).toHaveURL(/\/$/);
    expect(await readAction(page)).toBeNull();
  });

  test("an action is followed after sign-up too", async ({ page }) => {
    await openEmailForm(page, "Sign Up");
    await saveAction(page, JSON.stringify({ path: "/create", data: { name: "From sign-up" } }));
    await fillSignUp(page, uniqueEmail("newbie"), PASSWORD);
    await expect(page).toHaveURL(/\/create$/);
  });
});
