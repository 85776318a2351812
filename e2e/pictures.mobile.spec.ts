import sharp from "sharp";
import { expect, test } from "./fixtures.ts";

// Profile pictures on a phone (390 px, touch): the controls fit, and the
// compact header shows the new face.

test("on a phone, the picture controls fit the screen and an upload reaches the header", async ({
  signedInPage: page,
  user,
}) => {
  await page.goto("/mylists");
  const picture = page.getByRole("main").getByRole("img", { name: `${user.name}'s profile picture` });
  await expect(picture).toHaveAttribute("src", /^\/media\/headshots\//);
  for (const name of ["Upload Picture", "Re-roll Random"]) {
    await expect(page.getByRole("button", { name })).toBeInViewport();
  }
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const photo = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#c0603a" } })
    .jpeg()
    .toBuffer();
  await page.locator('.profile-summary input[type="file"]').setInputFiles({
    name: "selfie.jpg",
    mimeType: "image/jpeg",
    buffer: photo,
  });
  await page.getByRole("button", { name: "Upload Picture" }).tap();
  await expect(picture).toHaveAttribute("src", /^\/files\/avatars\/.+-256\.webp$/);
  const small = (await picture.getAttribute("src"))!.replace("-256.webp", "-64.webp");
  // On a phone the header keeps its room for the title: the face is in the menu's welcome line.
  await expect(page.getByRole("link", { name: "Your profile and lists" })).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).tap();
  await expect(page.locator(".header-menu .welcome-chip .avatar")).toHaveAttribute("src", small);
});
