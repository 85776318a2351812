import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

function readSecret(path: string): string | null {
  try {
    return readFileSync(path, "utf8").trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
}

function writeIfAbsent(path: string, content: string) {
  try {
    writeFileSync(path, content, { mode: 0o600, flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
}

/**
 * AUTH_SECRET when set; otherwise one generated on first start and kept in
 * DATA_DIR. Several processes may share DATA_DIR (on PostgreSQL) and start at
 * the same moment: the secret is written whole under a private name and linked
 * into place, so each of them reads the same complete secret.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const path = join(dataDir, "auth-secret");
  const existing = readSecret(path);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const generated = randomBytes(32).toString("base64url") + "\n";
  writeFileSync(temp, generated, { mode: 0o600 });
  try {
    if (existing === "") {
      // Left empty by a crash of an older version: nothing can have used it.
      renameSync(temp, path);
    } else {
      try {
        linkSync(temp, path);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // EEXIST: another process created it first, and its secret is used.
        if (code === "EPERM" || code === "ENOTSUP" || code === "ENOSYS") {
          // A file system without hard links.
          writeIfAbsent(path, generated);
        } else if (code !== "EEXIST") throw e;
      }
    }
  } finally {
    rmSync(temp, { force: true });
  }
  const secret = readSecret(path);
  if (!secret) throw new Error(`Could not create the auth secret in ${path}.`);
  return secret;
}
