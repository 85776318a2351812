/**
 * `npm run test:unit`: `vitest run` (arguments passed on), with a watchdog.
 *
 * Vitest prints a line for every file it finishes, and its longest file
 * takes well under a minute. Once a CI run printed nothing for over an hour
 * in the middle of the suite and was stopped at CI's limit: a test worker
 * whose event loop never came back (no test or hook timeout can fire then).
 * So a run silent for SILENT_MINUTES is stopped, the files still running
 * are named (the ones that began but did not finish), and the suite is run
 * once more; a second silence, or any failure, fails as usual.
 */
import { spawn } from "node:child_process";
import { fromProjectRoot } from "../src/server/project-root.ts";

const SILENT_MINUTES = Number(process.env.UNIT_TESTS_SILENT_MINUTES ?? 8);
const args = ["run", ...process.argv.slice(2)];

type Outcome = { code: number } | { silent: true; running: string[] };

function runOnce(): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(fromProjectRoot("node_modules/.bin/vitest"), args, {
      stdio: ["inherit", "pipe", "pipe"],
      detached: true,
      env: process.env,
    });
    let timer: NodeJS.Timeout;
    const started = new Set<string>();
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // The whole group: vitest and its workers.
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          /* already gone */
        }
        resolve({ silent: true, running: [...started] });
      }, SILENT_MINUTES * 60_000);
    };
    const watch = (out: NodeJS.WriteStream) => (chunk: Buffer) => {
      out.write(chunk);
      arm();
      // "✓ project file (n tests)" ends a file; its console output names it earlier.
      const text = chunk.toString().replace(/\x1b\[[0-9;]*m/g, "");
      for (const m of text.matchAll(/(?:stdout|stderr) \| (\S+\.test\.tsx?)/g)) started.add(m[1]!);
      for (const m of text.matchAll(/[✓❯×] +\S+ +(\S+\.test\.tsx?) \(/g)) started.delete(m[1]!);
    };
    // Detached for the group kill above, so an interrupt here must reach it by hand.
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          /* already gone */
        }
        process.exit(130);
      });
    }
    child.stdout.on("data", watch(process.stdout));
    child.stderr.on("data", watch(process.stderr));
    arm();
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0) });
    });
  });
}

let outcome = await runOnce();
if ("silent" in outcome) {
  console.error(
    `\nunit tests: vitest printed nothing for ${SILENT_MINUTES} minutes and was stopped. ` +
      `Files that had printed but not finished: ${outcome.running.join(", ") || "none known"}. ` +
      "Running the suite once more; a hang is a bug to find.\n",
  );
  outcome = await runOnce();
  if ("silent" in outcome) {
    console.error(`unit tests: silent again for ${SILENT_MINUTES} minutes: failing.`);
    process.exit(1);
  }
}
process.exit(outcome.code);
