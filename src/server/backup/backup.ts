import {
  createReadStream,
  createWriteStream,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { once } from "node:events";
import { mkdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { Database } from "../db/client.ts";
import { contentTypeOf, type FileStorage } from "../storage/storage.ts";
import { dumpDatabase, restoreSql, splitStatements, STATEMENT_BREAK } from "./sql-dump.ts";
import { readTarStream, type TarEntry, type TarStreamEntry, writeTar } from "./tar.ts";

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

/** A `/files/<key>` address in a row: a stored object the database refers to. */
const FILE_URL = /\/files\/([a-z]+(?:\/[A-Za-z0-9_-]{1,128}){1,3}\.(?:webp|png))/g;
/** A key without its size: a picture's sizes share it (…/hash-256.webp and …/hash-64.webp), only one is named in rows. */
const stemOf = (key: string) => key.replace(/(?:-\d+)?\.(?:webp|png)$/, "");
const ATTEMPTS = 3;

/** A picture the snapshot refers to went (replaced) before it was read: the backup starts over. */
class FilesMovedError extends Error {}

/**
 * Writes the backup to `file`, whole or not at all (it is renamed into place
 * when complete). On a live install pictures may be replaced while it runs;
 * a backup whose rows name a picture it could not read is taken again from a
 * new snapshot (a few times, then it gives up and says so).
 */
export async function writeBackup(file: string, install: Install): Promise<BackupSummary> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeBackupOnce(file, install);
    } catch (e) {
      if (!(e instanceof FilesMovedError)) throw e;
      if (attempt === ATTEMPTS) {
        throw new Error(
          `Pictures kept changing during ${ATTEMPTS} attempts (${e.message}); try again later.`,
        );
      }
    }
  }
}

async function writeBackupOnce(file: string, install: Install): Promise<BackupSummary> {
  const target = resolve(file);
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  // db.sql goes through a file beside the backup: tar needs its size before its
  // bytes, and a large install's dump does not fit in memory.
  const dumpFile = `${target}.db.sql.partial`;
  try {
    const referenced = { keys: new Set<string>(), stems: new Set<string>() };
    const { rows, size } = await dumpToFile(install.database, dumpFile, (statement) => {
      for (const [, key] of statement.matchAll(FILE_URL)) {
        referenced.keys.add(key!);
        referenced.stems.add(stemOf(key!));
      }
    });
    // Listed after the snapshot, so every file it refers to was already stored...
    const keys: string[] = [];
    for await (const key of install.storage.keys()) keys.push(key);
    keys.sort();
    // ...unless a picture was replaced (and its old files deleted) since.
    const listed = new Set(keys);
    const gone = [...referenced.keys].find((k) => !listed.has(k));
    if (gone) throw new FilesMovedError(gone);

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

    async function* entries(): AsyncGenerator<TarEntry | TarStreamEntry> {
      yield { name: "manifest.json", body: Buffer.from(JSON.stringify(manifest, null, 2) + "\n") };
      yield { name: "db.sql", size, chunks: createReadStream(dumpFile) };
      if (secret) yield { name: "auth-secret", body: secret };
      for (const key of keys) {
        const object = await install.storage.get(key);
        if (object) yield { name: `files/${key}`, body: object.body };
        // Deleted since it was listed: fine if nothing in the snapshot refers to it (an old share image).
        else if (referenced.stems.has(stemOf(key))) throw new FilesMovedError(key);
      }
    }

    await pipeline(
      Readable.from(writeTar(entries())),
      createGzip(),
      createWriteStream(partial, { mode: 0o600 }),
    );
    renameSync(partial, target);
    return { database: manifest.database, rows, files: keys.length, authSecret: manifest.authSecret };
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  } finally {
    rmSync(dumpFile, { force: true });
  }
}

/** The database's dump into `path`, statement by statement, each seen by `onStatement` on its way. */
async function dumpToFile(
  database: Database,
  path: string,
  onStatement: (statement: string) => void,
): Promise<{ rows: number; size: number }> {
  const out = createWriteStream(path, { mode: 0o600 });
  const closed = once(out, "close");
  let size = 0;
  let first = true;
  const put = async (text: string) => {
    size += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  try {
    const { rows } = await dumpDatabase(database.db, async (statement) => {
      onStatement(statement);
      await put(first ? statement : STATEMENT_BREAK + statement);
      first = false;
    });
    await put("\n");
    out.end();
    await closed;
    return { rows, size };
  } catch (e) {
    out.destroy();
    throw e;
  }
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
  const source = createReadStream(resolve(file));
  const archive = source.pipe(createGunzip());
  // pipe() does not pass a read error on: a missing file would leave the reader waiting forever.
  source.on("error", (e) => archive.destroy(e));
  for await (const entry of readTarStream(archive)) {
    if (entry.name === "db.sql" && manifest) {
      // Statement by statement as it is unpacked: the dump is never held whole.
      await restoreSql(install.database.db, splitStatements(decoded(entry.chunks)));
      restoredDatabase = true;
      continue;
    }
    const parts: Buffer[] = [];
    for await (const part of entry.chunks) parts.push(part);
    const body = Buffer.concat(parts);
    if (entry.name === "manifest.json") {
      manifest = JSON.parse(body.toString("utf8")) as Manifest;
      if (manifest.format !== FORMAT) throw new Error(`${file} is not a Survivor Rankings backup.`);
      if (manifest.version > VERSION)
        throw new Error(`${file} was written by a newer version; restore it with that.`);
      continue;
    }
    if (!manifest) throw new Error(`${file} is not a Survivor Rankings backup (no manifest first).`);
    if (!restoredDatabase) {
      throw new Error(`${file} is damaged: its database comes after ${entry.name}.`);
    } else if (entry.name === "auth-secret") {
      if (install.dataDir && !existsSync(secretPath(install.dataDir))) {
        await mkdir(install.dataDir, { recursive: true });
        writeFileSync(secretPath(install.dataDir), body, { mode: 0o600 });
        authSecret = true;
      }
    } else if (entry.name.startsWith("files/")) {
      const key = entry.name.slice("files/".length);
      await install.storage.put(key, body, contentTypeOf(key));
      files++;
    }
  }
  if (!manifest || !restoredDatabase) throw new Error(`${file} is incomplete: it holds no database.`);
  return { database: install.database.kind, rows: manifest.rows, files, authSecret };
}

/** UTF-8 text from bytes cut anywhere, a character split between chunks included. */
async function* decoded(chunks: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
  yield decoder.decode();
}
