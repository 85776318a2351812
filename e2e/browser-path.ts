import { existsSync } from "node:fs";

const SYSTEM_CHROMIUMS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else the system's,
 * else undefined (Playwright's own managed browser, when it is installed).
 */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return SYSTEM_CHROMIUMS.find((path) => existsSync(path));
}
