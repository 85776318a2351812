/**
 * Backup and restore of a whole install: the database and the stored pictures.
 *
 *   npm run backup [FILE]              writes FILE (default survivor-rankings-<time>.tar.gz)
 *   npm run restore FILE [--replace]   loads FILE into a fresh DATA_DIR or an empty database;
 *                                      --replace drops what the database holds first
 *
 * Both read the server's environment (DATABASE_URL or DATA_DIR, S3_*). On
 * PostgreSQL a backup is taken while the server runs (one consistent
 * snapshot); with PGlite the server must be stopped first, as one process owns
 * those files (the command says so if it is not). On PostgreSQL the backup
 * runs pg_dump, which must be on the PATH (decision 015).
 */
import { join, resolve } from "node:path";
import { type BackupSummary, restoreBackup, writeBackup } from "../src/server/backup/backup.ts";
import { type Database, openPglite, openPostgres } from "../src/server/db/client.ts";
import { DataDirInUseError, lockDataDir } from "../src/server/db/data-dir-lock.ts";
import { EnvError, parseEnv } from "../src/server/env.ts";
import { createStorage } from "../src/server/storage/create-storage.ts";

const USAGE = "usage: npm run backup [FILE] | npm run restore FILE [--replace]";

async function run([command, ...args]: string[]): Promise<BackupSummary> {
  const replace = command === "restore" && args.includes("--replace");
  const rest = args.filter((a) => !(replace && a === "--replace"));
  const file = rest[0];
  if (rest.length > 1 || file?.startsWith("-")) throw new Error(USAGE);
  if (command !== "backup" && !(command === "restore" && file)) throw new Error(USAGE);
  const env = parseEnv(process.env);
  const dataDir = resolve(env.DATA_DIR);
  const release = env.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  let database: Database | null = null;
  try {
    database = env.DATABASE_URL
      ? await openPostgres(env.DATABASE_URL, 2)
      : await openPglite(join(dataDir, "pglite"));
    const install = {
      database,
      storage: createStorage(env, dataDir),
      dataDir: env.AUTH_SECRET ? null : dataDir,
    };
    if (command === "backup") {
      const target = file ?? `survivor-rankings-${new Date().toISOString().replace(/[:.]/g, "-")}.tar.gz`;
      const summary = await writeBackup(target, install);
      console.log(`Backup written to ${resolve(target)}`);
      return summary;
    }
    if (command === "restore" && file) {
      const summary = await restoreBackup(file, install, { replace });
      console.log(
        `Restored ${resolve(file)} into ${env.DATABASE_URL ? "the database at DATABASE_URL" : dataDir}`,
      );
      return summary;
    }
    throw new Error(USAGE);
  } finally {
    await database?.close().catch(() => {});
    release();
  }
}

run(process.argv.slice(2)).then(
  (summary) => {
    console.log(
      `${summary.rows} rows from ${summary.database}, ${summary.files} files${summary.authSecret ? ", the auth secret" : ""}`,
    );
  },
  (e: unknown) => {
    console.error(
      e instanceof EnvError || e instanceof DataDirInUseError || e instanceof Error ? e.message : e,
    );
    process.exit(1);
  },
);
