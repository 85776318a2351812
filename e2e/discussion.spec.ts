import type { Browser, Locator, Page } from "@playwright/test";
import { baseURL, createUser, type E2EUser, expect, signInPage, test } from "./fixtures.ts";

// Comments on a list, and the Inbox that tells of them: two signed-in users
// in two browser contexts, and a visitor.

interface CreatedList {
  id: string;
  userId: string;
}

async function createList(page: Page, name: string): Promise<CreatedList> {
  const res = await page.request.post("/api/lists", {
    data: { name, description: "", tags: [], items: ["s20-sandra-diaz-twine", "s1-richard-hatch"] },
    headers: { Origin: baseURL() },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).list as CreatedList;
}

/** A comment written through the API (setting the scene, not the thing under test). */
async function postComment(page: Page, list: CreatedList, text: string, replyTo?: string): Promise<string> {
  const res = await page.request.post("/api/comments", {
    data: { target: { listUserId: list.userId, listId: list.id }, text, ...(replyTo ? { replyTo } : {}) },
    headers: { Origin: baseURL() },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function otherUser(
  browser: Browser,
): Promise<{ page: Page; user: E2EUser; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await createUser();
  await signInPage(page, user);
  return { page, user, close: () => context.close() };
}

const listPath = (list: CreatedList) => `/list/${list.userId}/${list.id}`;
const discussion = (page: Page) => page.getByRole("region", { name: "Comments" });
const commentBy = (page: Page, name: string) => page.getByRole("article", { name: `Comment by ${name}` });
const inboxButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Inbox/ });
const inboxBadge = (page: Page) => page.getByRole("banner").getByTestId("inbox-badge");
const inboxPanel = (page: Page) => page.getByRole("region", { name: "Notifications" });
const score = (comment: Locator) => comment.locator(".comment-score");

test.describe("Discussion and Inbox", () => {
  test("a comment rings the owner's Inbox live; the owner follows it, replies, and the commenter hears of it", async ({
    signedInPage: owner,
    user: ownerUser,
    browser,
  }) => {
    const list = await createList(owner, "Talk to me");
    const a = await otherUser(browser);

    // The owner is elsewhere, with nothing unread.
    await owner.goto("/rankings");
    await expect(inboxButton(owner)).toBeVisible();
    await expect(inboxBadge(owner)).toHaveCount(0);

    // A comments on the owner's list.
    await a.page.goto(listPath(list));
    const section = discussion(a.page);
    await expect(section.getByRole("heading", { level: 2, name: "Comments" })).toBeVisible();
    await expect(section.getByText("No comments yet. Be the first!")).toBeVisible();
    const box = section.getByRole("textbox", { name: "Add a comment" });
    await box.fill("Sandra is the queen,\nno doubt about it.");
    await expect(section.getByText("461 characters remaining")).toBeVisible();
    await section.getByRole("button", { name: "Post Comment" }).click();
    const mine = commentBy(a.page, a.user.name);
    await expect(mine.locator(".comment-text")).toHaveText("Sandra is the queen,\nno doubt about it.");
    await expect(mine.getByText("just now")).toBeVisible();
    await expect(box).toHaveValue("");

    // The owner's badge rises without a reload.
    await expect(inboxBadge(owner)).toHaveText("1");
    await inboxButton(owner).click();
    const entry = inboxPanel(owner).getByRole("link", {
      name: new RegExp(`^${a.user.name} commented "Sandra is ..."`),
    });
    await expect(entry).toBeVisible();
    await expect(entry).toHaveClass(/is-new/);
    await entry.click();
    await expect(owner).toHaveURL(new RegExp(`${listPath(list)}$`));
    await expect(inboxPanel(owner)).toHaveCount(0);
    await expect(inboxBadge(owner)).toHaveCount(0);
    const theirs = commentBy(owner, a.user.name);
    await expect(theirs).toBeVisible();

    // The owner replies to A's comment.
    await theirs.getByRole("button", { name: "Reply" }).click();
    const reply = discussion(owner).getByRole("textbox", { name: `Reply to ${a.user.name}` });
    await expect(reply).toBeFocused();
    await reply.fill("Thanks, glad you agree!");
    await discussion(owner).getByRole("button", { name: "Post Reply" }).click();
    const ownReply = commentBy(owner, ownerUser.name);
    await expect(ownReply.getByRole("link", { name: `@${a.user.name}` })).toBeVisible();
    await expect(ownReply).toContainText("Thanks, glad you agree!");
    await expect(reply).toHaveCount(0);

    // A sees the reply arrive in the thread and in the Inbox, live.
    await expect(commentBy(a.page, ownerUser.name)).toContainText("Thanks, glad you agree!");
    await expect(inboxBadge(a.page)).toHaveText("1");
    await inboxButton(a.page).hover();
    await expect(
      inboxPanel(a.page).getByText(`${ownerUser.name} replied to your comment: "Thanks, gl..."`),
    ).toBeVisible();
    // The pointer leaving the Inbox reads everything in it, for good.
    await a.page.mouse.move(10, 600);
    await expect(inboxPanel(a.page)).toHaveCount(0);
    await expect(inboxBadge(a.page)).toHaveCount(0);
    await a.page.reload();
    await expect(inboxButton(a.page)).toBeVisible();
    await expect(inboxBadge(a.page)).toHaveCount(0);
    await a.close();
  });

  test("up and down arrows change the score; the author hears of the like", async ({
    signedInPage: owner,
    user: ownerUser,
    browser,
  }) => {
    const list = await createList(owner, "Vote on this");
    const a = await otherUser(browser);
    await postComment(a.page, list, "Vote me up");

    await owner.goto(listPath(list));
    const comment = commentBy(owner, a.user.name);
    const up = comment.getByRole("button", { name: "Upvote" });
    const down = comment.getByRole("button", { name: "Downvote" });
    await expect(score(comment)).toHaveText("0");
    await up.click();
    await expect(score(comment)).toHaveText("1");
    await expect(up).toHaveAttribute("aria-pressed", "true");
    await down.click();
    await expect(score(comment)).toHaveText("-1");
    await expect(down).toHaveAttribute("aria-pressed", "true");
    await expect(up).toHaveAttribute("aria-pressed", "false");
    await owner.reload();
    await expect(score(comment)).toHaveText("-1");
    await expect(down).toHaveAttribute("aria-pressed", "true");
    await down.click();
    await expect(score(comment)).toHaveText("0");
    await expect(down).toHaveAttribute("aria-pressed", "false");
    await up.click();
    await expect(score(comment)).toHaveText("1");

    // A sees the score from the other side, not pressed, and the like in the Inbox.
    await a.page.goto(listPath(list));
    const seen = commentBy(a.page, a.user.name);
    await expect(score(seen)).toHaveText("1");
    await expect(seen.getByRole("button", { name: "Upvote" })).toHaveAttribute("aria-pressed", "false");
    await inboxButton(a.page).click();
    await expect(inboxPanel(a.page).getByText(`${ownerUser.name} liked your comment!`)).toBeVisible();
    await a.close();
  });

  test("a visitor reads the discussion, with the form and the arrows disabled", async ({
    signedInPage: owner,
    browser,
  }) => {
    const list = await createList(owner, "Read only");
    await postComment(owner, list, "Visitors can read this");
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(listPath(list));
    const section = discussion(page);
    await expect(section.getByText("Visitors can read this")).toBeVisible();
    await expect(section.getByText("Please log in to add comments.")).toBeVisible();
    await expect(section.getByRole("textbox", { name: "Add a comment" })).toBeDisabled();
    await expect(section.getByRole("button", { name: "Post Comment" })).toBeDisabled();
    await expect(section.getByRole("button", { name: "Upvote" })).toBeDisabled();
    await expect(section.getByRole("button", { name: "Upvote" })).toHaveAttribute(
      "title",
      "Please log in to vote",
    );
    await expect(section.getByRole("button", { name: "Reply" })).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("button", { name: /^Inbox/ })).toHaveCount(0);
    await context.close();
  });

  test("the form refuses only spaces, and the author deletes with a confirmation", async ({
    signedInPage: page,
    user,
  }) => {
    const list = await createList(page, "Delete things");
    await page.goto(listPath(list));
    const section = discussion(page);
    const box = section.getByRole("textbox", { name: "Add a comment" });
    const post = section.getByRole("button", { name: "Post Comment" });
    await expect(post).toBeDisabled();
    await box.fill("    ");
    await post.click();
    await expect(section.getByRole("alert")).toHaveText("Comment cannot be empty.");
    await box.fill("x".repeat(501));
    await expect(section.getByText("-1 characters remaining")).toBeVisible();
    await expect(post).toBeDisabled();

    await box.fill("Temporary thought");
    await post.click();
    const comment = commentBy(page, user.name);
    await expect(comment).toContainText("Temporary thought");
    // Declined: it stays.
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Are you sure you want to delete this comment?");
      void dialog.dismiss();
    });
    await comment.getByRole("button", { name: "Delete" }).click();
    await expect(comment).toBeVisible();
    page.once("dialog", (dialog) => void dialog.accept());
    await comment.getByRole("button", { name: "Delete" }).click();
    await expect(section.getByText("No comments yet. Be the first!")).toBeVisible();
  });

  test("a deleted comment with replies stays as a placeholder for its thread", async ({
    signedInPage: owner,
    browser,
  }) => {
    const list = await createList(owner, "Placeholder");
    const a = await otherUser(browser);
    const first = await postComment(a.page, list, "I will delete this");
    await postComment(owner, list, "A reply that stays", first);
    await a.page.goto(listPath(list));
    a.page.once("dialog", (dialog) => void dialog.accept());
    await commentBy(a.page, a.user.name).getByRole("button", { name: "Delete" }).click();
    await expect(discussion(a.page).getByText("This comment was deleted.")).toBeVisible();
    await expect(discussion(a.page).getByText("A reply that stays")).toBeVisible();
    await a.close();
  });

  test("New, Best and Top reorder the threads and live in the URL", async ({
    signedInPage: owner,
    browser,
  }) => {
    const list = await createList(owner, "Sorted");
    const a = await otherUser(browser);
    const older = await postComment(a.page, list, "Older but loved");
    await postComment(a.page, list, "Newer and ignored");
    const vote = await owner.request.post(`/api/comments/${older}/vote`, {
      data: { value: 1 },
      headers: { Origin: baseURL() },
    });
    expect(vote.ok()).toBe(true);

    await owner.goto(listPath(list));
    const texts = discussion(owner).locator(".comment-list > li .comment-text");
    await expect(texts).toHaveText(["Newer and ignored", "Older but loved"]);
    const sorts = discussion(owner).getByRole("group", { name: "Sort comments" });
    await expect(sorts.getByRole("button", { name: "New" })).toHaveAttribute("aria-pressed", "true");
    await sorts.getByRole("button", { name: "Top" }).click();
    await expect(owner).toHaveURL(/\?sort=top$/);
    await expect(texts).toHaveText(["Older but loved", "Newer and ignored"]);
    await owner.reload();
    await expect(sorts.getByRole("button", { name: "Top" })).toHaveAttribute("aria-pressed", "true");
    await expect(texts).toHaveText(["Older but loved", "Newer and ignored"]);
    await sorts.getByRole("button", { name: "New" }).click();
    await expect(owner).toHaveURL(new RegExp(`${listPath(list)}$`));
    await expect(texts).toHaveText(["Newer and ignored", "Older but loved"]);
    await a.close();
  });

  test("signing in on an open page makes its Inbox live, with no reload", async ({
    page,
    request,
    browser,
  }) => {
    const owner = await createUser();
    const signIn = await request.post("/api/auth/sign-in/email", {
      data: { email: owner.email, password: owner.password },
      headers: { Origin: baseURL() },
    });
    expect(signIn.ok()).toBe(true);
    const made = await request.post("/api/lists", {
      data: { name: "Live after login", description: "", tags: [], items: ["s1-richard-hatch"] },
      headers: { Origin: baseURL() },
    });
    const list = (await made.json()).list as CreatedList;

    // A visitor on the list page: the event stream opens without a session.
    await page.goto(listPath(list));
    await expect(discussion(page).getByText("Please log in to add comments.")).toBeVisible();
    // A mark on this document: still there at the end means no reload happened.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await discussion(page).getByRole("link", { name: "Login" }).click();
    await page.getByRole("button", { name: "Sign in with Email" }).click();
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(inboxButton(page)).toBeVisible();

    const a = await otherUser(browser);
    await postComment(a.page, list, "Ring ring");
    await expect(inboxBadge(page)).toHaveText("1");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await a.close();
  });

  test("the Inbox works from the keyboard: Enter opens it, Escape closes it and returns focus", async ({
    signedInPage: owner,
    browser,
  }) => {
    const list = await createList(owner, "Keyboard");
    const a = await otherUser(browser);
    await postComment(a.page, list, "Hello from the keys");
    await owner.goto("/rankings");
    await expect(inboxBadge(owner)).toHaveText("1");
    await inboxButton(owner).focus();
    await owner.keyboard.press("Enter");
    await expect(inboxButton(owner)).toHaveAttribute("aria-expanded", "true");
    await expect(inboxPanel(owner).getByText(`${a.user.name} commented "Hello from..."`)).toBeVisible();
    await owner.keyboard.press("Tab");
    await expect(inboxPanel(owner).getByRole("link").first()).toBeFocused();
    await owner.keyboard.press("Escape");
    await expect(inboxPanel(owner)).toHaveCount(0);
    await expect(inboxButton(owner)).toBeFocused();
    await expect(inboxBadge(owner)).toHaveCount(0);
    await owner.keyboard.press(" ");
    await expect(inboxButton(owner)).toHaveAttribute("aria-expanded", "true");
    await a.close();
  });
});
