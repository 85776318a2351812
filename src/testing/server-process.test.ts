import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { START_SCRIPT, startScriptEnv, startScriptNodeArgs, sweepLeftoverBundles } from "./server-process.ts";

describe("the test processes' server bundles", () => {
  const parent = mkdtempSync(join(tmpdir(), "sr-bundles-"));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it("removes those of processes that are gone and keeps the living ones'", () => {
    // A process that has certainly exited: its pid names no process now (barring reuse within the test).
    const gonePid = spawnSync(process.execPath, ["-e", ""]).pid!;
    const gone = join(parent, `${gonePid}-0`);
    const mine = join(parent, `${process.pid}-0`);
    const parentsProcess = join(parent, `${process.ppid}-1`);
    const notOurs = join(parent, "readme");
    for (const dir of [gone, mine, parentsProcess, notOurs]) mkdirSync(dir);
    sweepLeftoverBundles(parent);
    expect(existsSync(gone)).toBe(false);
    expect(existsSync(mine)).toBe(true);
    expect(existsSync(parentsProcess)).toBe(true);
    expect(existsSync(notOurs)).toBe(true);
  });

  it("does nothing when there is no directory yet", () => {
    expect(() => sweepLeftoverBundles(join(parent, "missing"))).not.toThrow();
  });
});

describe("the environment npm start gives the server", () => {
  const start = START_SCRIPT;
  // The start script as the shell runs it, with the server swapped for a
  // script that prints what the process was given (Node's options kept).
  const seenBy = (print: string, env: Record<string, string> = {}) =>
    spawnSync(
      "sh",
      [
        "-c",
        start
          .replace("npm run build && ", "")
          .replace(
            /\bnode( .*)? dist\/server\/main\.js/,
            `"${process.execPath}"$1 -e "console.log(${print})"`,
          ),
      ],
      { env: { PATH: process.env.PATH ?? "", ...env }, encoding: "utf8" },
    ).stdout.trim();
  const arenasSeen = (env: Record<string, string>) => seenBy("process.env.MALLOC_ARENA_MAX", env);

  it("caps malloc's arenas at two unless the operator chose otherwise", () => {
    expect(arenasSeen({})).toBe("2");
    expect(arenasSeen({ MALLOC_ARENA_MAX: "8" })).toBe("8");
  });

  it("has malloc give back blocks of a megabyte or more unless the operator chose otherwise", () => {
    expect(seenBy("process.env.MALLOC_MMAP_THRESHOLD_")).toBe("1048576");
    expect(seenBy("process.env.MALLOC_MMAP_THRESHOLD_", { MALLOC_MMAP_THRESHOLD_: "131072" })).toBe("131072");
  });

  it("is what launchServer gives the servers it starts", () => {
    expect(startScriptEnv(start)).toEqual({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "1048576" });
    expect(() => startScriptEnv("exec node dist/server/main.js")).toThrow(/MALLOC_ARENA_MAX/);
    expect(seenBy("JSON.stringify(process.execArgv.filter((a) => a.startsWith('--')))")).toBe(
      JSON.stringify(startScriptNodeArgs(start)),
    );
    expect(startScriptNodeArgs("exec node dist/server/main.js")).toEqual([]);
    expect(() => startScriptNodeArgs("exec bun dist/server/main.js")).toThrow(/node \[options\]/);
  });

  it("keeps V8's young generation small", () => {
    // Short-lived garbage until the young generation is as large as V8 lets it
    // grow: two 8 MB semi-spaces with the start script's options (32 MB without).
    const youngGeneration = Number(
      seenBy(
        "(() => { let a = []; for (let i = 0; i < 5e6; i++) { a.push({ i }); if (a.length > 2e5) a = []; } " +
          "return require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size; })()",
      ),
    );
    expect(youngGeneration).toBe(16 * 2 ** 20);
  });
});

describe("servers a launcher started", () => {
  it("end when the launcher ends on an error", () => {
    // A launcher that starts a long-lived child, prints its pid and fails.
    const launcher = [
      `import { spawn } from "node:child_process";`,
      `import { endsWithThisProcess } from "./src/testing/server-process.ts";`,
      `const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });`,
      `endsWithThisProcess(child);`,
      `console.log(child.pid);`,
      `setTimeout(() => { throw new Error("the bench failed"); }, 200);`,
    ].join("\n");
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", launcher], {
      encoding: "utf8",
    });
    expect(run.stderr).toContain("the bench failed");
    const pid = Number(run.stdout.trim());
    expect(pid).toBeGreaterThan(0);
    const alive = () => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    // SIGKILL is delivered at once; the child may linger as a zombie only until init reaps it.
    const deadline = Date.now() + 5_000;
    while (alive() && Date.now() < deadline) spawnSync("sleep", ["0.05"]);
    expect(alive()).toBe(false);
  });
});
