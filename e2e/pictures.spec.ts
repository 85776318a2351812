import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { expect, test } from "./fixtures.ts";

// Profile pictures: upload on My Lists, seen everywhere the person appears;
// refusals with the product's texts; re-roll, cooldown and restore.

const UPLOADED = /^\/files\/avatars\/[^/]+\/[0-9a-f]+-256\.webp$/;

/** A real photo-like PNG, made here so the test needs no fixture file. */
const pngPhoto = () =>
  sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 30, g: 140, b: 200 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="480" height="360"><circle cx="240" cy="160" r="90" fill="#f0c090"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

const myPicture = (page: Page, name: string) =>
  page.getByRole("main").getByRole("img", { name: `${name}'s profile picture` });
const rerollButton = (page: Page) =>
  page.getByRole("button", { name: /^(Re-roll Random|Restore Headshot|\d+h \d+m)$/ });

async function choose(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator('.profile-summary input[type="file"]').setInputFiles(file);
}

/** The image really arrived (not the broken-image box). */
async function expectLoaded(img: Locator) {
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
}

test.describe("Profile pictures", () => {
  test("an uploaded picture shows on My Lists at once, then on the public profile, in the header and as the list author", async ({
    signedInPage: page,
    user,
  }) => {
    // Four pages and two uploads' worth of images: more than the default budget on a busy machine.
    test.slow();
    const created = await page.request.post("/api/lists", {
      data: { name: "Face check", description: "", tags: [], items: ["s1-richard-hatch"] },
    });
    expect(created.status()).toBe(201);
    const list = (await created.json()).list as { id: string };

    await page.goto("/mylists");
    const picture = myPicture(page, user.name);
    await expect(picture).toHaveAttribute("src", /^\/media\/headshots\//);
    await expectLoaded(picture);
    const header = page.getByRole("banner");
    await expect(header.locator(".welcome-chip .avatar")).toHaveAttribute("src", /^\/media\/headshots\//);

    await choose(page, { name: "me.png", mimeType: "image/png", buffer: await pngPhoto() });
    await page.getByRole("button", { name: "Upload Picture" }).click();
    await expect(picture).toHaveAttribute("src", UPLOADED);
    await expectLoaded(picture);
    const url = (await picture.getAttribute("src"))!;
    const small = url.replace("-256.webp", "-64.webp");
    // The header follows without a reload, with the small version.
    await expect(header.locator(".welcome-chip .avatar")).toHaveAttribute("src", small);
    await expectLoaded(header.locator(".welcome-chip .avatar"));
    await expect(rerollButton(page)).toHaveText("Restore Headshot");

    await page.goto(`/rankings/user/${user.id}`);
    const onProfile = page.getByRole("main").getByRole("img", { name: `${user.name}'s profile picture` });
    await expect(onProfile).toHaveAttribute("src", url);
    await expectLoaded(onProfile);

    await page.goto(`/list/${user.id}/${list.id}`);
    const author = page.locator(".list-detail-author .avatar");
    await expect(author).toHaveAttribute("src", small);
    await expectLoaded(author);
  });

  test("a file that is not an image is refused before the upload, one that only claims to be by the server", async ({
    signedInPage: page,
    user,
  }) => {
    await page.goto("/mylists");
    const picture = myPicture(page, user.name);
    await expect(picture).toHaveAttribute("src", /^\/media\/headshots\//);
    const before = await picture.getAttribute("src");

    await choose(page, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just text") });
    await expect(page.getByRole("alert")).toHaveText("Please select a valid image file.");

    await page.getByRole("button", { name: "Upload Picture" }).click();
    await expect(page.getByRole("alert")).toHaveText("No file selected or user not logged in.");

    // Named and typed as a PNG, but text inside: the server reads the content.
    await choose(page, { name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
    await page.getByRole("button", { name: "Upload Picture" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Upload failed: Please select a valid image file. Check storage rules.",
    );
    await expect(picture).toHaveAttribute("src", before!);
  });

  test("re-roll gives a new headshot and a cooldown on a disabled button; after an upload, Restore Headshot brings it back", async ({
    signedInPage: page,
    user,
  }) => {
    await page.goto("/mylists");
    const picture = myPicture(page, user.name);
    await expect(rerollButton(page)).toHaveText("Re-roll Random");
    await expect(rerollButton(page)).toBeEnabled();

    await rerollButton(page).click();
    await expect(rerollButton(page)).toHaveText(/^\d+h \d+m$/);
    await expect(rerollButton(page)).toBeDisabled();
    await expect(picture).toHaveAttribute("src", /^\/media\/headshots\//);
    const rolled = await picture.getAttribute("src");

    // The cooldown holds across a reload: it is the server's.
    await page.reload();
    await expect(rerollButton(page)).toHaveText(/^2[34]h \d+m$/);
    await expect(rerollButton(page)).toBeDisabled();

    await choose(page, { name: "me.png", mimeType: "image/png", buffer: await pngPhoto() });
    await page.getByRole("button", { name: "Upload Picture" }).click();
    await expect(picture).toHaveAttribute("src", UPLOADED);
    await expect(rerollButton(page)).toHaveText("Restore Headshot");
    await rerollButton(page).click();
    await expect(picture).toHaveAttribute("src", rolled!);
    await expect(rerollButton(page)).toHaveText(/^\d+h \d+m$/);
    await expect(rerollButton(page)).toBeDisabled();
  });
});
