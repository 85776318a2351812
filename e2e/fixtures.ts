import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test as base, expect, type Page } from "@playwright/test";

export const PASSWORD = "correct-horse-battery";

export function baseURL(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set: run through playwright.config.ts");
  return url;
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(4).toString("hex")}@e2e.test`;
}

export interface E2EUser {
  email: string;
  password: string;
  name: string;
  id: string;
}

/** Creates an account through the API (fast), without a browser. */
export async function createUser(opts: { email?: string; name?: string } = {}): Promise<E2EUser> {
  const email = opts.email ?? uniqueEmail();
  const name = opts.name ?? email.split("@")[0]!;
  const res = await fetch(`${baseURL()}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL() },
    body: JSON.stringify({ email, password: PASSWORD, name }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string; name: string } };
  return { email, password: PASSWORD, name: body.user.name, id: body.user.id };
}

/** Signs a page's browser context in as `user` through the API, sharing the cookie. */
export async function signInPage(page: Page, user: E2EUser): Promise<void> {
  const res = await page.request.post(`${baseURL()}/api/auth/sign-in/email`, {
    data: { email: user.email, password: user.password },
    headers: { Origin: baseURL() },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
}

/** Mails the server wrote to DATA_DIR/outbox for `to`, oldest first. */
export function outboxFor(to: string): string[] {
  const dir = join(process.env.E2E_DATA_DIR!, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((f) => readFileSync(join(dir, f), "utf8")).filter((m) => m.includes(`To: ${to}`));
}

export const test = base.extend<{ user: E2EUser; signedInPage: Page }>({
  baseURL: async ({}, use) => use(baseURL()),
  user: async ({}, use) => use(await createUser()),
  signedInPage: async ({ page, user }, use) => {
    await signInPage(page, user);
    await use(page);
  },
});

export { expect };

/**
 * Records every phase the palm-frond overlay goes through, and whether its
 * fronds were drawn, from inside the page: a busy machine can run the whole
 * transition between two of Playwright's polls, so polling alone may see
 * nothing but "idle" before and after. Call before the action; read after.
 */
export async function recordPalmTransition(
  page: Page,
): Promise<() => Promise<{ phases: string[]; fronds: boolean }>> {
  await page.evaluate(() => {
    const overlay = document.querySelector('[data-testid="palm-transition"]');
    if (!overlay) throw new Error("no palm-transition overlay on the page");
    const seen = { phases: [overlay.getAttribute("data-phase") ?? ""], fronds: false };
    (window as unknown as { __palmSeen: typeof seen }).__palmSeen = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === "attributes" && r.attributeName === "data-phase") {
          // Each record holds the value before it; the last one is read now.
          if (seen.phases.at(-1) !== r.oldValue) seen.phases.push(r.oldValue ?? "");
        }
        for (const node of r.addedNodes) {
          if (node instanceof Element && (node.matches(".palm-frond") || node.querySelector(".palm-frond"))) {
            seen.fronds = true;
          }
        }
      }
      const now = overlay.getAttribute("data-phase") ?? "";
      if (seen.phases.at(-1) !== now) seen.phases.push(now);
    }).observe(overlay, { attributes: true, attributeOldValue: true, childList: true, subtree: true });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { __palmSeen: { phases: string[]; fronds: boolean } }).__palmSeen,
    );
}
