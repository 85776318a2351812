import { createHash } from "node:crypto";
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { Database } from "../db/client.ts";
import { contentTypeOf, type FileStorage, STORAGE_KEY } from "../storage/storage.ts";
import { readArchive, writeArchive } from "./archive.ts";
import { dumpPglite } from "./dump-pglite.ts";
import { dumpPostgres } from "./dump-postgres.ts";
import { readDump } from "./dump-reader.ts";
import { NotEmptyError, RefusedBackupError } from "./errors.ts";
import { isEmptyDatabase, loadDump } from "./load-dump.ts";
import { FORMAT, type Manifest, MAX_MANIFEST_BYTES, parseManifest, VERSION } from "./manifest.ts";
import { appliedMigrations, migrationsOfBackup } from "./schema-migrations.ts";

/**
 * One backup file (.tar.gz) holds a whole install, in this order:
 *
 *   manifest.json   what it is and holds: schema (migrations), rows per table, db.sql's size and SHA-256
 *   db.sql          the data, as pg_dump --data-only writes it (COPY blocks), from either engine
 *   auth-secret     the generated secret from DATA_DIR, when there is one, so sessions survive
 *   files/<key>     every stored picture (DATA_DIR/files or the S3 bucket)
 *
 * Restore reads the file twice: first to check all of it (names, sizes,
 * types of entries, digests, that db.sql holds only data) without changing
 * anything, then to load it. Decision 015 and docs/security.md ("Backups")
 * say what it trusts.
 */

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

const MANIFEST = "manifest.json";
const DUMP = "db.sql";
const SECRET = "auth-secret";
const FILES = "files/";
const MAX_SECRET_BYTES = 4096;
/** Far above any picture the app stores (a share image is well under 1 MB). */
const MAX_FILE_BYTES = 16 * 1024 * 1024;

const secretPath = (dataDir: string) => join(dataDir, SECRET);

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

interface DumpScan {
  tables: Record<string, number>;
  rows: number;
  size: number;
  sha256: string;
  referenced: { keys: Set<string>; stems: Set<string> };
}

/**
 * Reads the dump just written with the reader restore uses: a backup restore
 * would refuse is never written. Counts rows per table and notes the
 * pictures the rows name.
 */
async function scanDump(path: string): Promise<DumpScan> {
  const hash = createHash("sha256");
  let size = 0;
  async function* hashed() {
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  }
  const tables: Record<string, number> = {};
  const referenced = { keys: new Set<string>(), stems: new Set<string>() };
  let table = "";
  let rows = 0;
  for await (const event of readDump(hashed())) {
    if (event.kind === "copy") {
      table = `${event.schema}.${event.table}`;
      if (event.schema !== "public" || table in tables)
        throw new Error(`The dump holds ${table} unexpectedly.`);
    } else if (event.kind === "rows") {
      for (const [, key] of event.data.toString("utf8").matchAll(FILE_URL)) {
        referenced.keys.add(key!);
        referenced.stems.add(stemOf(key!));
      }
    } else if (event.kind === "end") {
      tables[table] = event.rows;
      rows += event.rows;
    }
  }
  return { tables, rows, size, sha256: hash.digest("hex"), referenced };
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

async function writeBackupOnce(file: string, install: Install): Promise<BackupSummary> {
  const target = resolve(file);
  await mkdir(dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  // The entries are gathered in a private folder beside the backup (tar needs
  // each size before its bytes, and a large install does not fit in memory).
  const stage = mkdtempSync(join(dirname(target), `.${basename(target)}.`));
  try {
    const { database } = install;
    const migrations = await appliedMigrations(database.db);
    const dumpedBy =
      database.kind === "postgres"
        ? await dumpPostgres(database.pool!.options.connectionString!, join(stage, DUMP))
        : await dumpPglite(database, join(stage, DUMP));
    if (!sameList(await appliedMigrations(database.db), migrations)) {
      throw new Error("A migration was applied while the backup was taken: take it again.");
    }
    const dump = await scanDump(join(stage, DUMP));

    // Listed after the snapshot, so every file it refers to was already stored...
    const keys: string[] = [];
    for await (const key of install.storage.keys()) if (STORAGE_KEY.test(key)) keys.push(key);
    keys.sort();
    // ...unless a picture was replaced (and its old files deleted) since.
    const listed = new Set(keys);
    const gone = [...dump.referenced.keys].find((k) => !listed.has(k));
    if (gone) throw new FilesMovedError(gone);

    const names = [MANIFEST, DUMP];
    const secret =
      install.dataDir && existsSync(secretPath(install.dataDir))
        ? readFileSync(secretPath(install.dataDir))
        : null;
    if (secret) {
      writeFileSync(join(stage, SECRET), secret, { mode: 0o600 });
      names.push(SECRET);
    }
    for (const key of keys) {
      const object = await install.storage.get(key);
      if (!object) {
        // Deleted since it was listed: fine if nothing in the snapshot refers to it (an old share image).
        if (dump.referenced.stems.has(stemOf(key))) throw new FilesMovedError(key);
        continue;
      }
      await mkdir(dirname(join(stage, FILES, key)), { recursive: true });
      await writeFile(join(stage, FILES, key), object.body, { mode: 0o600 });
      names.push(FILES + key);
    }
    const files = names.length - (secret ? 3 : 2);
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      database: database.kind,
      dumpedBy,
      migrations,
      tables: dump.tables,
      rows: dump.rows,
      dump: { size: dump.size, sha256: dump.sha256 },
      files,
      authSecret: Boolean(secret),
    };
    writeFileSync(join(stage, MANIFEST), JSON.stringify(manifest, null, 2) + "\n", { mode: 0o600 });

    await writeArchive(partial, stage, names);
    renameSync(partial, target);
    return { database: database.kind, rows: dump.rows, files, authSecret: Boolean(secret) };
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** What a pass over a backup does with each part; the walk has checked its name, size and place. */
interface Visitor {
  database(manifest: Manifest, dump: AsyncIterable<Buffer>): Promise<void>;
  secret(secret: Buffer): Promise<void>;
  file(key: string, body: Buffer): Promise<void>;
}

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part);
  return Buffer.concat(parts);
}

/** The dump's bytes, refused at their end unless they are the ones the manifest describes. */
async function* matchingManifest(body: AsyncIterable<Buffer>, manifest: Manifest): AsyncGenerator<Buffer> {
  const hash = createHash("sha256");
  for await (const chunk of body) {
    hash.update(chunk);
    yield chunk;
  }
  if (hash.digest("hex") !== manifest.dump.sha256) {
    throw new RefusedBackupError("The backup is damaged: db.sql does not match its manifest.");
  }
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isPicture = (key: string, body: Buffer) =>
  key.endsWith(".png")
    ? body.subarray(0, 8).equals(PNG)
    : body.subarray(0, 4).toString("latin1") === "RIFF" && body.subarray(8, 12).toString("latin1") === "WEBP";

/** The generated secret as the server writes it: 32 to 1024 printable characters. */
function checkedSecret(bytes: Buffer): Buffer {
  const text = bytes.toString("latin1").trim();
  if (!/^[\x21-\x7e]{32,1024}$/.test(text)) {
    throw new RefusedBackupError("The backup's auth-secret is not a secret this app generates.");
  }
  return bytes;
}

/**
 * One pass over a backup file: every entry in its place (manifest.json,
 * db.sql, auth-secret if the manifest says so, then pictures), each a regular
 * file under a name we write, within its size, before any of its bytes are
 * read; anything else refuses the file.
 */
async function walkBackup(file: string, visit: Visitor): Promise<Manifest> {
  let manifest: Manifest | null = null;
  let dumpSeen = false;
  let secretSeen = false;
  const keys = new Set<string>();
  const refuse: (why: string) => never = (why) => {
    throw new RefusedBackupError(`${file} is not a backup this version restores: ${why}.`);
  };
  const admit = (name: string, size: number) => {
    const shown = JSON.stringify(name);
    if (!manifest) {
      if (name !== MANIFEST) refuse(`it starts with ${shown}, not ${MANIFEST}`);
      if (size > MAX_MANIFEST_BYTES) refuse(`its ${MANIFEST} declares ${size} bytes`);
    } else if (!dumpSeen) {
      if (name !== DUMP) refuse(`${shown} comes where ${DUMP} belongs`);
      if (size !== manifest.dump.size)
        refuse(`${DUMP} declares ${size} bytes, its manifest ${manifest.dump.size}`);
    } else if (name === SECRET) {
      if (!manifest.authSecret || secretSeen || keys.size > 0) refuse(`${shown} is out of place`);
      if (size > MAX_SECRET_BYTES) refuse(`${shown} declares ${size} bytes`);
    } else if (name.startsWith(FILES) && STORAGE_KEY.test(name.slice(FILES.length))) {
      if (keys.has(name)) refuse(`it holds ${shown} twice`);
      if (size > MAX_FILE_BYTES) refuse(`${shown} declares ${size} bytes`);
    } else {
      refuse(`it holds an entry named ${shown}`);
    }
  };
  for await (const entry of readArchive(file, admit)) {
    if (!manifest) {
      manifest = parseManifest(await collect(entry.body));
    } else if (!dumpSeen) {
      await visit.database(manifest, matchingManifest(entry.body, manifest));
      dumpSeen = true;
    } else if (entry.name === SECRET) {
      await visit.secret(checkedSecret(await collect(entry.body)));
      secretSeen = true;
    } else {
      const key = entry.name.slice(FILES.length);
      const body = await collect(entry.body);
      if (!isPicture(key, body)) refuse(`${JSON.stringify(entry.name)} is not the picture its name says`);
      await visit.file(key, body);
      keys.add(entry.name);
    }
  }
  if (!manifest) refuse("it is empty");
  if (!dumpSeen) refuse(`it holds no ${DUMP}`);
  if (manifest.authSecret !== secretSeen) refuse(`it lacks the ${SECRET} its manifest names`);
  if (keys.size !== manifest.files)
    refuse(`it holds ${keys.size} pictures, its manifest says ${manifest.files}`);
  return manifest;
}

/** The dump checked as far as it can be without a database: only data, as many rows as the manifest says. */
async function checkDump(manifest: Manifest, dump: AsyncIterable<Buffer>): Promise<void> {
  let table = "";
  const seen = new Set<string>();
  for await (const event of readDump(dump)) {
    if (event.kind === "copy") {
      table = `${event.schema}.${event.table}`;
      if (seen.has(table)) throw new RefusedBackupError(`db.sql holds the data of ${table} twice.`);
      seen.add(table);
    } else if (event.kind === "end" && manifest.tables[table] !== event.rows) {
      throw new RefusedBackupError(`The backup is damaged: db.sql holds ${event.rows} rows of ${table}.`);
    }
  }
  if (seen.size !== Object.keys(manifest.tables).length) {
    throw new RefusedBackupError("The backup is damaged: db.sql and its manifest list different tables.");
  }
}

/**
 * Brings an install (an empty database unless `replace`; any storage) to the
 * state the backup holds. The whole file is checked before anything changes;
 * the database is then loaded in one transaction, before any file is written,
 * so a refused restore changes nothing. `replace` drops what the database
 * holds, in that same transaction.
 */
export async function restoreBackup(
  file: string,
  install: Install,
  options: { replace?: boolean } = {},
): Promise<BackupSummary> {
  const path = resolve(file);
  const replace = options.replace ?? false;
  if (!replace && !(await isEmptyDatabase(install.database.db))) throw new NotEmptyError();

  const checked = await walkBackup(path, {
    database: async (manifest, dump) => {
      migrationsOfBackup(manifest.migrations);
      await checkDump(manifest, dump);
    },
    secret: async () => {},
    file: async () => {},
  });

  let rows = 0;
  let files = 0;
  let authSecret = false;
  await walkBackup(path, {
    database: async (manifest, dump) => {
      // The file read now must be the one checked (db.sql's digest is checked again as it loads).
      if (JSON.stringify(manifest) !== JSON.stringify(checked)) {
        throw new RefusedBackupError(`${file} changed while it was being restored.`);
      }
      rows = await loadDump(install.database, readDump(dump), manifest, { replace });
    },
    secret: async (secret) => {
      if (install.dataDir && !existsSync(secretPath(install.dataDir))) {
        await mkdir(install.dataDir, { recursive: true });
        writeFileSync(secretPath(install.dataDir), secret, { mode: 0o600, flag: "wx" });
        authSecret = true;
      }
    },
    file: async (key, body) => {
      await install.storage.put(key, body, contentTypeOf(key));
      files++;
    },
  });
  return { database: install.database.kind, rows, files, authSecret };
}
