import {
  blockingAxeFindings,
  describeAccessibilitySweep,
  DESKTOP_ONLY,
  headingProblems,
} from "./accessibility.ts";
import { expect, test } from "./fixtures.ts";

// Every screen on a 1366 px desktop, with the season picker searched and
// opened too: no serious or critical axe finding, one h1, no skipped heading level.
describeAccessibilitySweep("desktop", DESKTOP_ONLY);

// The sweep's own checks see what they are there to see: a sweep that found
// nothing anywhere would pass as well.
test("the checks catch poor contrast, a nameless image and a broken outline", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><title>t</title><body style="background:#1c3a27">
    <main><h2>First</h2><h1>Second</h1><h1>Third</h1><h4>Deep</h4>
    <p style="color:#ff6b5a">An error in the old red.</p>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10"></main></body></html>`);
  const axe = (await blockingAxeFindings(page)).join("\n");
  expect(axe).toContain("color-contrast");
  expect(axe).toContain("image-alt");
  expect(await headingProblems(page)).toEqual([
    'expected one h1, found 2: [{"level":1,"text":"Second"},{"level":1,"text":"Third"}]',
    'first heading is h2 "First", not the h1',
    'h1 "Third" is followed by h4 "Deep"',
  ]);
});
