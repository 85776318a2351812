import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, chromiumPath } from "./e2e/browser-path.ts";

// The e2e server (e2e/global-setup.ts passes on this process's env) refits the
// Community Consensus two seconds after a list changes, not five.
process.env.CONSENSUS_REFRESH_MS ??= "2000";

// The system Chromium when there is one, else Playwright's own (scripts/ensure-browser.ts).
const chromium = chromiumPath();
const launchOptions = {
  ...(chromium ? { executablePath: chromium } : {}),
  args: CHROMIUM_FLAGS,
};

// The built app runs once per test run on a free port with a fresh data dir
// (e2e/global-setup.ts); its address reaches the workers through E2E_BASE_URL.
export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 }, launchOptions },
      testIgnore: /\.mobile\.spec\.ts$/,
    },
    {
      name: "mobile",
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: devices["iPhone 13"].userAgent,
        launchOptions,
      },
      testMatch: /\.mobile\.spec\.ts$/,
    },
  ],
});
