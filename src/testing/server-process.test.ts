import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sweepLeftoverBundles } from "./server-process.ts";

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
