import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_BUNDLE } from "#server/server-bundle.ts";
import { freePort } from "./browser-path.ts";

/**
 * The categories only the exact-scores test votes in (e2e/global.spec.ts), one
 * per attempt: a retry must not find the first attempt's votes.
 */
export const E2E_CATEGORY_SEASONS = [47, 46] as const;

/** Starts the production build on a free port with a fresh data directory. */
export default async function globalSetup() {
  if (!existsSync("dist/client/index.html") || !existsSync(SERVER_BUNDLE)) {
    throw new Error("No build: run `npm run build` before the end-to-end tests.");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "sr-e2e-"));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PUBLIC_URL: baseURL,
    ADMIN_EMAILS: "editor@e2e.test",
    LOG_LEVEL: process.env.E2E_LOG ?? "error",
    SMTP_URL: "",
    GOOGLE_CLIENT_ID: "",
    TWITTER_CLIENT_ID: "",
  };
  // More open Global Rankings categories, voted in by one test only, so their
  // exact scores are not disturbed by the other tests voting in season-49.
  // The operator's command, run before the server owns the data directory.
  for (const season of E2E_CATEGORY_SEASONS) {
    const admin = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/admin.ts", "open", String(season), "--id", `season-${season}`],
      { env, stdio: ["ignore", "ignore", "inherit"] },
    );
    if (admin.status !== 0) throw new Error(`npm run admin -- open failed with ${admin.status}`);
  }
  // What `npm start` runs: npm test builds before the browser tests.
  const child = spawn(process.execPath, ["--enable-source-maps", SERVER_BUNDLE], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not start within 120 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
