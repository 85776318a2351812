import {
  createReadStream,
  createWriteStream,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { Database } from "../db/client.ts";
import { contentTypeOf, type FileStorage } from "../storage/storage.ts";
import { dumpDatabase, restoreSql, STATEMENT_BREAK } from "./sql-dump.ts";
import { readTar, type TarEntry, writeTar } from "./tar.ts";

/**
 * One backup file (.tar.gz) holds a whole install:
 *
 *   manifest.json   what it is, when, from which database, how many rows and files
 *   db.sql          the database as plain SQL (sql-dump.ts)
 *   auth-secret     the generated secret from DATA_DIR, when there is one, so sessions survive
 *   files/<key>     every stored picture (DATA_DIR/files or the S3 bucket)
 */

const FORMAT = "survivor-rankings-backup";
const VERSION = 1;

export interface Install {
  database: Database;
  storage: FileStorage;
  /** Where the generated auth secret lives; null when AUTH_SECRET is configured instead. */
  dataDir: string | null;
}

export interface BackupSummary {
  database: Database["kind"];
  rows: number;
  files: number;
  authSecret: boolean;
}

interface Manifest extends BackupSummary {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
}

const secretPath = (dataDir: string) => join(dataDir, "auth-secret");

/** Writes the backup to `file`, whole or not at all (it is renamed into place when complete). */
export async function writeBackup(file: string, install: Install): Promise<BackupSummary> {
  const statements: string[] = [];
  const { rows } = await dumpDatabase(install.database.db, async (s) => {
    statements.push(s);
  });
  const keys: string[] = [];
  for await (const key of install.storage.keys()) keys.push(key);
  keys.sort();
  const secret =
    install.dataDir && existsSync(secretPath(install.dataDir))
      ? readFileSync(secretPath(install.dataDir))
      : null;
  const manifest: Manifest = {
    format: FORMAT,
    version: VERSION,
    createdAt: new Date().toISOString(),
    database: install.database.kind,
    rows,
    files: keys.length,
    authSecret: Boolean(secret),
  };

  async function* entries(): AsyncGenerator<TarEntry> {
    yield { name: "manifest.json", body: Buffer.from(JSON.stringify(manifest, null, 2) + "\n") };
    yield { name: "db.sql", body: Buffer.from(statements.join(STATEMENT_BREAK) + "\n") };
    if (secret) yield { name: "auth-secret", body: secret };
    for (const key of keys) {
      const object = await install.storage.get(key);
      // Deleted since it was listed (a picture replaced meanwhile): nothing refers to it any more.
      if (object) yield { name: `files/${key}`, body: object.body };
    }
  }

  const target = resolve(file);
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  try {
    await pipeline(
      Readable.from(writeTar(entries())),
      createGzip(),
      createWriteStream(partial, { mode: 0o600 }),
    );
    renameSync(partial, target);
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
  return { database: manifest.database, rows, files: keys.length, authSecret: manifest.authSecret };
}

/**
 * Brings a fresh install (an empty database; any storage) to the state the
 * backup holds. The database is loaded in one transaction, before any file
 * is written, so a refused restore (database not empty) changes nothing.
 */
export async function restoreBackup(file: string, install: Install): Promise<BackupSummary> {
  let manifest: Manifest | null = null;
  let restoredDatabase = false;
  let files = 0;
  let authSecret = false;
  const archive = createReadStream(resolve(file)).pipe(createGunzip());
  for await (const entry of readTar(archive)) {
    if (entry.name === "manifest.json") {
      manifest = JSON.parse(entry.body.toString("utf8")) as Manifest;
      if (manifest.format !== FORMAT) throw new Error(`${file} is not a Survivor Rankings backup.`);
      if (manifest.version > VERSION)
        throw new Error(`${file} was written by a newer version; restore it with that.`);
      continue;
    }
    if (!manifest) throw new Error(`${file} is not a Survivor Rankings backup (no manifest first).`);
    if (entry.name === "db.sql") {
      await restoreSql(install.database.db, entry.body.toString("utf8").split(STATEMENT_BREAK));
      restoredDatabase = true;
    } else if (!restoredDatabase) {
      throw new Error(`${file} is damaged: its database comes after ${entry.name}.`);
    } else if (entry.name === "auth-secret") {
      if (install.dataDir && !existsSync(secretPath(install.dataDir))) {
        await mkdir(install.dataDir, { recursive: true });
        writeFileSync(secretPath(install.dataDir), entry.body, { mode: 0o600 });
        authSecret = true;
      }
    } else if (entry.name.startsWith("files/")) {
      const key = entry.name.slice("files/".length);
      await install.storage.put(key, entry.body, contentTypeOf(key));
      files++;
    }
  }
  if (!manifest || !restoredDatabase) throw new Error(`${file} is incomplete: it holds no database.`);
  return { database: install.database.kind, rows: manifest.rows, files, authSecret };
}
