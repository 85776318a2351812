import { existsSync } from "node:fs";
import { createServer } from "node:net";

const SYSTEM_CHROMIUMS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH, else the system's,
 * else undefined (Playwright's own managed browser, when it is installed).
 */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return SYSTEM_CHROMIUMS.find((path) => existsSync(path));
}

/** The flags every headless Chromium of ours starts with (the machine's rules: no sandbox, no network chatter). */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A TCP port free on 127.0.0.1 at the time of asking. */
export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once("error", rej);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => res(typeof a === "object" && a ? a.port : 0));
    });
  });
}
