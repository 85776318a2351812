import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock.ts";

const lockModule = fileURLToPath(new URL("./data-dir-lock.ts", import.meta.url));

/** A pid that belonged to a process which has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  return child.pid!;
}

// The lock is about processes, so it is tried from other processes: each one
// waits for the same instant, tries to lock, holds what it got for a moment
// and says what happened.
const CONTENDER = `
const { lockDataDir } = await import(process.env.LOCK_MODULE);
const goAt = Number(process.env.GO_AT);
while (Date.now() < goAt) {}
try {
  const release = lockDataDir(process.env.DIR);
  console.log("locked");
  setTimeout(() => { release(); process.exit(0); }, Number(process.env.HOLD_MS));
} catch (e) {
  console.log(e.constructor.name + ": " + e.message);
  process.exit(3);
}
`;

async function contend(dir: string, n: number): Promise<string[]> {
  const goAt = Date.now() + 3_000;
  const runs = Array.from({ length: n }, () => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", CONTENDER], {
      env: { ...process.env, LOCK_MODULE: lockModule, GO_AT: String(goAt), DIR: dir, HOLD_MS: "1500" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    return new Promise<string>((res) => child.on("close", () => res(out.trim())));
  });
  return Promise.all(runs);
}

describe.skipIf(process.env.TEST_DB_KIND === "postgres")("lockDataDir", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "sr-lock-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes our pid into DATA_DIR/server.lock and removes it on release", () => {
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, "server.lock"))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("creates a data directory that does not exist yet", () => {
    const nested = join(dir, "a", "b");
    const release = lockDataDir(nested);
    expect(existsSync(join(nested, "server.lock"))).toBe(true);
    release();
  });

  it("refuses a directory locked by a live process, naming the directory and the pid", () => {
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
    try {
      writeFileSync(join(dir, "server.lock"), String(holder.pid));
      let error: unknown;
      try {
        lockDataDir(dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DataDirInUseError);
      const message = (error as Error).message;
      expect(message).toContain(`Data directory ${dir} is in use`);
      expect(message).toContain(`pid ${holder.pid}`);
      expect(message).not.toContain("\n");
      // The holder's lock is left as it was.
      expect(readFileSync(join(dir, "server.lock"), "utf8")).toBe(String(holder.pid));
      expect(readdirSync(dir)).toEqual(["server.lock"]);
    } finally {
      holder.kill("SIGKILL");
    }
  });

  it.each([
    ["the pid of a process that exited", () => String(deadPid())],
    ["nothing (an empty file)", () => ""],
    ["garbage", () => "not a pid\n"],
  ])("takes over a lock file holding %s", (_what, content) => {
    writeFileSync(join(dir, "server.lock"), content());
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("does not remove a lock another process has taken since", () => {
    const release = lockDataDir(dir);
    writeFileSync(join(dir, "server.lock"), String(process.ppid));
    release();
    expect(readFileSync(join(dir, "server.lock"), "utf8")).toBe(String(process.ppid));
  });

  it("lets exactly one of several processes starting at the same instant lock a fresh directory", async () => {
    const outcomes = await contend(dir, 6);
    expect(outcomes.filter((o) => o === "locked")).toHaveLength(1);
    for (const o of outcomes.filter((o) => o !== "locked"))
      expect(o).toMatch(/^DataDirInUseError: .* is in use/);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);

  it("lets exactly one of several processes take over the same stale lock", async () => {
    writeFileSync(join(dir, "server.lock"), String(deadPid()));
    const outcomes = await contend(dir, 6);
    expect(outcomes.filter((o) => o === "locked")).toHaveLength(1);
    for (const o of outcomes.filter((o) => o !== "locked")) expect(o).toMatch(/^DataDirInUseError: /);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});
