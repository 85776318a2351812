import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export class DataDirInUseError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid a lock file names, or null when it is gone or unreadable. */
function readPid(path: string): number | null {
  try {
    const pid = Number(readFileSync(path, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

/** Creates `path` as a link to the complete file `from`; false when it exists. */
function createLinked(from: string, path: string, content: string): boolean {
  try {
    linkSync(from, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw e;
  }
  // A file system without hard links: create exclusively and write at once.
  try {
    writeFileSync(path, content, { flag: "wx" });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw e;
  }
}

const heldByOther = (pid: number | null): pid is number =>
  pid !== null && pid !== process.pid && isAlive(pid);

/**
 * PGlite takes no lock of its own, and two processes opening one data
 * directory corrupt it. A lock file holding our pid refuses the second one; a
 * lock left by a process that died is taken over.
 *
 * The lock file is written whole under a private name and then hard-linked
 * into place, so no other process can ever read it empty (and mistake it for
 * a stale one). A stale lock is first renamed aside: of two processes taking
 * over the same stale lock at once, only one can move it.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, "server.lock");
  const mine = `${path}.${process.pid}.tmp`;
  const aside = `${path}.${process.pid}.stale`;
  const inUse = (pid: number) =>
    new DataDirInUseError(
      `Data directory ${dataDir} is in use by another server process (pid ${pid}). Stop it first, or set DATA_DIR to another directory. (If no server is running, delete ${path}.)`,
    );
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      if (createLinked(mine, path, String(process.pid))) {
        return () => {
          // Remove the lock only while it is still ours.
          if (readPid(path) === process.pid) rmSync(path, { force: true });
        };
      }
      const pid = readPid(path);
      if (heldByOther(pid)) throw inUse(pid);
      try {
        renameSync(path, aside);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") continue; // another process moved it first
        throw e;
      }
      // Between reading and moving it, another process may have replaced the
      // stale lock with its own live one: then that one is put back.
      const moved = readPid(aside);
      if (heldByOther(moved)) {
        try {
          createLinked(aside, path, String(moved));
        } catch {
          // a third process locked meanwhile; it holds the directory either way
        }
        rmSync(aside, { force: true });
        throw inUse(moved);
      }
      rmSync(aside, { force: true });
    }
  } finally {
    rmSync(mine, { force: true });
  }
  throw new DataDirInUseError(`Could not lock data directory ${dataDir}: other processes keep taking it.`);
}
