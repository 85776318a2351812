import AxeBuilder from "@axe-core/playwright";
import { type Cookie, request, type Page } from "@playwright/test";
import { baseURL, createUser, type E2EUser, expect, PASSWORD, test } from "./fixtures.ts";

// The accessibility sweep shared by e2e/accessibility.spec.ts (desktop) and
// e2e/accessibility.mobile.spec.ts (phone): every screen of the app, as a
// visitor and signed in, through axe-core and a heading-outline check.

/** axe findings at these impacts fail the sweep (none allowed: docs/performance.md, Targets). */
const BLOCKING = new Set(["serious", "critical"]);

export interface Seeded {
  owner: E2EUser;
  listPath: string;
  /** The owner's session cookies: signing in once per worker stays under the sign-in rate limit. */
  cookies: Cookie[];
}

/**
 * One user with one public list carrying their comment and another member's
 * reply (so their Inbox has a notification), made through the API (fast, no browser).
 */
export async function seedList(): Promise<Seeded> {
  const owner = await createUser();
  const api = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
  const signIn = await api.post("/api/auth/sign-in/email", {
    data: { email: owner.email, password: PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const res = await api.post("/api/lists", {
    data: {
      name: "Accessible castaways",
      description: "A list for the accessibility sweep.",
      tags: ["strategic"],
      items: ["s1-richard-hatch", "s2-tina-wesson", "s20-sandra-diaz-twine", "s1-kelly-wiglesworth"],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const list = (await res.json()).list as { id: string };
  const target = { listUserId: owner.id, listId: list.id };
  const comment = await api.post("/api/comments", { data: { target, text: "Richard first, always." } });
  expect(comment.status(), await comment.text()).toBe(201);
  const replyTo = ((await comment.json()) as { id: string }).id;
  // Another member's reply: a notification in the owner's Inbox.
  const other = await createUser();
  const otherApi = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { Origin: baseURL() } });
  await otherApi.post("/api/auth/sign-in/email", { data: { email: other.email, password: PASSWORD } });
  const reply = await otherApi.post("/api/comments", { data: { target, text: "Fair.", replyTo } });
  expect(reply.status(), await reply.text()).toBe(201);
  await otherApi.dispose();
  const { cookies } = await api.storageState();
  await api.dispose();
  return { owner, listPath: `/list/${owner.id}/${list.id}`, cookies };
}

/**
 * Waits until the screen has settled: its data loaded (no "Loading..." left)
 * and its lazy chunk rendered, so axe sees what a reader would.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await expect(page.locator("main")).toBeVisible();
  await expect(page.getByText(/^Loading\.\.\.$/)).toHaveCount(0, { timeout: 15_000 });
  // Fonts and images change sizes and colours under the text.
  await page.evaluate(() => document.fonts.ready);
  await transitionsDone(page);
}

/**
 * Waits for the colour and opacity transitions under way to end (endless
 * animations aside): axe read a Sign In button fading back from its
 * disabled look as failing contrast.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** A readable line per blocking axe finding: rule, impact, help, and where. */
export async function blockingAxeFindings(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ""))
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `[${v.impact}] ${v.id}: ${v.help}\n    at ${n.target.join(" ")}\n    ${n.failureSummary?.replace(/\n/g, "\n    ")}`,
      ),
    );
}

/**
 * Problems with the heading outline a screen reader lists: exactly one h1,
 * the first heading is that h1, and no level is skipped going down.
 * Headings hidden from everyone (display:none, aria-hidden) do not count;
 * visually hidden ones (.sr-only) do.
 */
export async function headingProblems(page: Page): Promise<string[]> {
  const headings = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>("h1,h2,h3,h4,h5,h6,[role=heading]"))
      .filter((el) => el.getClientRects().length > 0 && !el.closest("[aria-hidden=true],[inert]"))
      .map((el) => ({
        level: Number(el.getAttribute("aria-level") ?? el.tagName.slice(1)),
        text: (el.textContent ?? "").trim().slice(0, 60),
      })),
  );
  const problems: string[] = [];
  const h1s = headings.filter((h) => h.level === 1);
  if (h1s.length !== 1) problems.push(`expected one h1, found ${h1s.length}: ${JSON.stringify(h1s)}`);
  if (headings.length > 0 && headings[0]!.level !== 1) {
    problems.push(`first heading is h${headings[0]!.level} "${headings[0]!.text}", not the h1`);
  }
  for (let i = 1; i < headings.length; i++) {
    const prev = headings[i - 1]!;
    const cur = headings[i]!;
    if (cur.level > prev.level + 1) {
      problems.push(`h${prev.level} "${prev.text}" is followed by h${cur.level} "${cur.text}"`);
    }
  }
  return problems;
}

/** Runs both checks on the page as it is now, reporting every problem at once. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const axe = await blockingAxeFindings(page);
  const headings = await headingProblems(page);
  const report = [...axe.map((f) => `axe ${f}`), ...headings.map((h) => `headings: ${h}`)];
  expect(report, `${label} (${page.url()}):\n${report.join("\n")}`).toEqual([]);
}

export interface Screen {
  name: string;
  path: (s: Seeded) => string;
  /** Brings the screen into the state to check, after it has settled. */
  open?: (page: Page) => Promise<void>;
}

/** Every route in src/client/app/router.tsx, and the states a visitor can reach within one. */
const SCREENS: Screen[] = [
  { name: "home", path: () => "/" },
  { name: "browse", path: () => "/rankings" },
  { name: "list detail", path: (s) => s.listPath },
  { name: "unknown list", path: (s) => `/list/${s.owner.id}/no-such-list` },
  { name: "create", path: () => "/create" },
  { name: "my lists", path: () => "/mylists" },
  { name: "account", path: () => "/account" },
  { name: "public profile", path: (s) => `/rankings/user/${s.owner.id}` },
  { name: "unknown profile", path: () => "/rankings/user/no-such-user" },
  { name: "profile without id", path: () => "/rankings/user" },
  { name: "global rankings", path: () => "/global-rankings" },
  { name: "global category", path: () => "/global-rankings/season-49" },
  { name: "unknown category", path: () => "/global-rankings/no-such-category" },
  { name: "legacy global rankings", path: () => "/global-rankings/legacy" },
  { name: "community consensus", path: () => "/consensus" },
  // No 404 screen: unknown addresses go home (router.tsx's "*").
  { name: "unknown address", path: () => "/no-such-page" },
];

const VISITOR_ONLY: Screen[] = [
  { name: "sign in", path: () => "/login" },
  {
    name: "sign in with email",
    path: () => "/login",
    open: async (page) => {
      await page.getByRole("button", { name: "Sign in with Email" }).click();
      await expect(page.getByLabel("Email")).toBeVisible();
    },
  },
  {
    name: "sign up",
    path: () => "/login",
    open: async (page) => {
      await page.getByRole("button", { name: "Sign in with Email" }).click();
      await page.getByRole("radio", { name: "Sign Up" }).check();
      await expect(page.getByLabel("Confirm Password")).toBeVisible();
    },
  },
  {
    name: "sign-in error",
    path: () => "/login",
    open: async (page) => {
      await page.getByRole("button", { name: "Sign in with Email" }).click();
      await page.getByLabel("Email").fill("nobody@e2e.test");
      await page.getByLabel("Password", { exact: true }).fill("wrong-password-here");
      await page.locator("form").getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert")).toBeVisible();
    },
  },
  { name: "reset password", path: () => "/login?token=some-reset-token" },
];

/** The phone header's menu, where the navigation lives below 390-ish px. */
async function openMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

/** The Inbox dropdown: in the header on a desktop, behind the Menu button on a phone. */
async function openInbox(page: Page): Promise<void> {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await openMenu(page);
  await page.getByRole("button", { name: /Inbox/ }).click();
  const box = page.getByRole("region", { name: "Notifications" });
  await expect(box).toBeVisible();
  await expect(box.getByText(/Fair\./)).toBeVisible();
}

const SHARE_DIALOG: Screen = {
  name: "share dialog",
  path: (s) => s.listPath,
  open: async (page) => {
    // "Share" on a desktop, "Share List" on a phone.
    await page.getByRole("button", { name: /^Share( List)?$/ }).click();
    // It opens once the server has drawn both pictures, one at a time in a
    // worker thread (docs/decisions/017-share-render-pool.md): slow on a busy machine.
    await expect(page.getByRole("dialog", { name: "Share Your Ranking" })).toBeVisible({ timeout: 20_000 });
  },
};

const ACCOUNT_DELETE_DIALOG: Screen = {
  name: "account deletion dialog",
  path: () => "/account",
  open: async (page) => {
    await page.getByRole("button", { name: "Delete My Account" }).click();
    await expect(page.getByRole("dialog", { name: "Delete your account?" })).toBeVisible();
  },
};

const SIGNED_IN_ONLY: Screen[] = [
  { name: "inbox", path: () => "/", open: openInbox },
  SHARE_DIALOG,
  ACCOUNT_DELETE_DIALOG,
];

/** The season picker's own states, which bring their own headings (Search Results, a season's cast). */
async function searchPicker(page: Page): Promise<void> {
  await page.getByPlaceholder("Search seasons or contestants...").fill("parvati");
  await expect(page.getByRole("heading", { name: "Search Results" })).toBeVisible();
}

async function openBorneo(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Survivor: Borneo", exact: true }).click();
  await expect(page.getByRole("button", { name: "Back to Seasons" })).toBeVisible();
}

/** Screens only a desktop has: the season picker beside the list builder, searched and opened. */
export const DESKTOP_ONLY: Screen[] = [
  { name: "season picker search", path: () => "/create", open: searchPicker },
  { name: "season picker season", path: () => "/create", open: openBorneo },
];

async function openSheet(page: Page): Promise<void> {
  await page.getByRole("button", { name: /Your ranking is empty/ }).click();
  await expect(page.getByRole("dialog", { name: "Survivor Seasons" })).toBeVisible();
}

/** Screens only a phone has: the header menu and the seasons bottom sheet (also searched and opened). */
export const PHONE_ONLY: Screen[] = [
  { name: "header menu", path: () => "/", open: openMenu },
  { name: "seasons sheet", path: () => "/create", open: openSheet },
  {
    name: "seasons sheet search",
    path: () => "/create",
    open: async (page) => {
      await openSheet(page);
      await searchPicker(page);
    },
  },
  {
    name: "seasons sheet season",
    path: () => "/create",
    open: async (page) => {
      await openSheet(page);
      await openBorneo(page);
    },
  },
];

/** Declares one test per screen and role; `device` names the project in titles. */
export function describeAccessibilitySweep(device: string, extra: Screen[] = []): void {
  // axe reads every element of a screen: the Global Rankings overview (a
  // card for each open category) took 42-48 s on a slow hour of our 2-core
  // machines, against the suite's 45 s for a test.
  test.describe.configure({ timeout: 90_000 });
  let seeded: Seeded;
  test.beforeAll(async () => {
    seeded = await seedList();
  });

  const check = async (page: Page, screen: Screen, who: string) => {
    await page.goto(screen.path(seeded));
    await settle(page);
    if (screen.open) {
      await screen.open(page);
      await transitionsDone(page);
    }
    await expectAccessible(page, `${screen.name}, ${who}, ${device}`);
  };

  test.describe("as a visitor", () => {
    for (const screen of [...SCREENS, ...VISITOR_ONLY, ...extra]) {
      test(screen.name, async ({ page }) => check(page, screen, "visitor"));
    }
  });

  test.describe("signed in", () => {
    for (const screen of [...SCREENS, ...SIGNED_IN_ONLY, ...extra]) {
      test(screen.name, async ({ page }) => {
        // The list's owner: their own list, their own profile, their drafts.
        await page.context().addCookies(seeded.cookies);
        await check(page, screen, "signed in");
      });
    }
  });
}
