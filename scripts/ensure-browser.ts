/**
 * Makes sure the browser tests have a Chromium before they start, so
 * `npm test` on a new machine needs nothing else: the system's Chromium;
 * else Playwright's managed one (downloaded where the network allows); else
 * Debian's package when run as root; else one line saying what to run.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumPath } from "../e2e/browser-path.ts";

const run = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: "inherit" }).status === 0;
const managed = () => existsSync(chromium.executablePath());
const found = () => Boolean(chromiumPath()) || managed();

if (!found()) {
  console.log("No Chromium found: trying Playwright's managed browser, then the system package.");
  const installed =
    run("npx", ["playwright", "install", "chromium"]) ||
    (process.getuid?.() === 0 && run("apt-get", ["install", "-y", "-qq", "chromium"])) ||
    (process.getuid?.() === 0 &&
      run("apt-get", ["update", "-qq"]) &&
      run("apt-get", ["install", "-y", "-qq", "chromium"]));
  if (!installed || !found()) {
    console.error(
      "The browser tests need Chromium: run `apt-get install chromium` (Debian/Ubuntu) or `npx playwright install chromium`, or set CHROMIUM_PATH.",
    );
    process.exit(1);
  }
}
console.log(`Browser tests use ${chromiumPath() ?? chromium.executablePath()}`);
