import { spawnSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type Db, openPglite, openPostgres } from "#server/db/client.ts";
import { user } from "#server/db/schema/index.ts";
import { loadReferenceData } from "#server/modules/seasons/reference-data.ts";
import { seedReferenceData } from "#server/modules/seasons/seasons.service.ts";
import { createLocalStorage } from "#server/storage/local-storage.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { startTestS3, type TestS3 } from "#testing/s3-server.ts";
import { createScratchDatabase, type ScratchDatabase } from "#testing/scratch-postgres.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { createTestDatabase, type TestDatabase } from "#testing/test-db.ts";
import { restoreBackup, writeBackup } from "./backup.ts";
import { readTar } from "./tar.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const onPostgres = process.env.TEST_DB_KIND === "postgres";
const adminUrl = process.env.TEST_DATABASE_URL;
const hasPsql = spawnSync("psql", ["--version"]).status === 0;

/** Every row of every table of ours, in a fixed order, as the database prints it. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rowsOf<{ t: string }>(
    await db.execute(
      sql`SELECT schemaname || '.' || tablename AS t FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY 1`,
    ),
  );
  const out: Record<string, string[]> = {};
  for (const { t } of tables) {
    const [schema, name] = t.split(".") as [string, string];
    const rows = rowsOf<{ r: string }>(
      await db.execute(sql.raw(`SELECT row_to_json(x)::text AS r FROM "${schema}"."${name}" x ORDER BY 1`)),
    );
    out[t] = rows.map((r) => r.r);
  }
  return out;
}

async function storedFiles(storage: FileStorage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const key of storage.keys()) out[key] = (await storage.get(key))!.body.toString("base64");
  return Object.fromEntries(Object.entries(out).sort());
}

async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return (text ? JSON.parse(text) : null) as T;
}

/** An install with something in every table people write to. */
async function seedInstall(t: TestApp) {
  const [ann, ben] = [await t.signUp("ann@example.com"), await t.signUp("ben@example.com")];
  const { list } = await json<{ list: { id: string } }>(
    await t.request("/api/lists", {
      json: {
        // A name is one line; the description carries the line break.
        name: "It's 'quoted' \\ \"odd\" — ünïcode 🏝️",
        description: "and\na new line",
        items: ["s1-richard-hatch", "s2-tina-wesson"],
        tags: ["a", "b"],
      },
      cookie: ann.cookie,
    }),
    201,
  );
  await json(
    await t.request(`/api/lists/${ann.id}/${list.id}/upvote`, { method: "POST", cookie: ben.cookie }),
  );
  await json(
    await t.request(`/api/lists/${ann.id}/${list.id}/favorite`, { method: "POST", cookie: ben.cookie }),
  );
  const { id: commentId } = await json<{ id: string }>(
    await t.request("/api/comments", {
      json: {
        target: { listUserId: ann.id, listId: list.id },
        text: "Great list; '--> statement-breakpoint' ;",
      },
      cookie: ben.cookie,
    }),
    201,
  );
  await json(await t.request(`/api/comments/${commentId}/vote`, { json: { value: 1 }, cookie: ann.cookie }));
  await json(
    await t.request("/api/me/draft", { method: "PUT", json: { name: "Half done" }, cookie: ben.cookie }),
  );
  const slots = ["s49-alex-moore", ...Array<null>(9).fill(null)];
  await json(
    await t.request("/api/global-rankings/season-49/submission", {
      method: "PUT",
      json: { slots },
      cookie: ann.cookie,
    }),
  );
  const photo = await picture("#c84");
  await json(
    await t.request(`/api/users/${ann.id}/picture`, {
      method: "POST",
      body: new Uint8Array(photo),
      headers: { "Content-Type": "image/png" },
      cookie: ann.cookie,
    }),
  );
  return { ann };
}

const picture = (background: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .png()
    .toBuffer();

/** The entries of a backup file, by name. */
async function unpack(file: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  const source = createReadStream(file);
  const archive = source.pipe(createGunzip());
  source.on("error", (e) => archive.destroy(e));
  for await (const e of readTar(archive)) out.set(e.name, e.body);
  return out;
}

describe("backup and restore of a seeded install", () => {
  let t: TestApp;
  let target: TestDatabase;
  let s3: TestS3;
  let dir: string;
  let file: string;
  let annId: string;
  let annCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ id: annId, cookie: annCookie } = (await seedInstall(t)).ann);
    target = await createTestDatabase({ migrate: false });
    s3 = await startTestS3();
    dir = mkdtempSync(join(tmpdir(), "sr-backup-"));
    mkdirSync(join(dir, "source"));
    writeFileSync(join(dir, "source", "auth-secret"), "the-generated-secret-of-the-source\n");
    file = join(dir, "install.tar.gz");
  });
  afterAll(async () => {
    await t?.close();
    await target?.dispose();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes one file with the database, the pictures and the auth secret", async () => {
    const summary = await writeBackup(file, {
      database: t.database,
      storage: t.storage,
      dataDir: join(dir, "source"),
    });
    expect(summary).toMatchObject({ database: t.database.kind, files: 2, authSecret: true });
    expect(summary.rows).toBeGreaterThan(900);
    expect(existsSync(`${file}.partial`)).toBe(false);
    const listing = spawnSync("tar", ["-tzf", file], { encoding: "utf8" });
    expect(listing.stdout.split("\n").slice(0, 3)).toEqual(["manifest.json", "db.sql", "auth-secret"]);
    expect(listing.stdout).toMatch(/files\/avatars\/\S+-256\.webp\nfiles\/avatars\/\S+-64\.webp/);
  });

  it("brings an empty database and storage (here S3) to the same state, row by row and byte by byte", async () => {
    const restoredDir = join(dir, "restored");
    const summary = await restoreBackup(file, {
      database: target,
      storage: s3.storage,
      dataDir: restoredDir,
    });
    expect(summary).toMatchObject({ files: 2, authSecret: true });

    const before = await snapshot(t.database.db);
    const after = await snapshot(target.db);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(before["public.user"]).toHaveLength(2);
    expect(before["public.castaways"]!.length).toBeGreaterThan(900);
    expect(before["public.comment_votes"]).toHaveLength(1);

    expect(await storedFiles(s3.storage)).toEqual(await storedFiles(t.storage));
    expect(readFileSync(join(restoredDir, "auth-secret"), "utf8")).toBe(
      "the-generated-secret-of-the-source\n",
    );

    // The restored database is current: the server's start-up migration finds nothing to do.
    await target.migrate();
    expect((await snapshot(target.db))["drizzle.__drizzle_migrations"]).toEqual(
      before["drizzle.__drizzle_migrations"],
    );
    const [ann] = await target.db
      .select()
      .from(user)
      .where(sql`${user.id} = ${annId}`);
    expect(ann?.profilePictureUrl).toMatch(/^\/files\/avatars\//);
  });

  it("refuses a database that is not empty, and changes nothing in it", async () => {
    const before = await snapshot(target.db);
    const other = createLocalStorage(join(dir, "other-files"));
    await expect(restoreBackup(file, { database: target, storage: other, dataDir: null })).rejects.toThrow(
      "The database is not empty",
    );
    expect(await snapshot(target.db)).toEqual(before);
    expect(await storedFiles(other)).toEqual({});
  });

  // pg_dump-compatible: what an operator would do with PostgreSQL's own tools.
  it.runIf(adminUrl && hasPsql)(
    "writes a db.sql that psql loads into an empty PostgreSQL database, every table the same",
    async () => {
      const sqlFile = join(dir, "db.sql");
      writeFileSync(sqlFile, (await unpack(file)).get("db.sql")!);
      const scratch = await createScratchDatabase(adminUrl!, "sr_psql");
      try {
        const psql = spawnSync(
          "psql",
          [scratch.url, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-1", "-f", sqlFile],
          { encoding: "utf8", timeout: 120_000 },
        );
        expect(psql.status, psql.stderr).toBe(0);
        const loaded = await openPostgres(scratch.url, 2);
        try {
          const before = await snapshot(t.database.db);
          const after = await snapshot(loaded.db);
          expect(Object.keys(after)).toEqual(Object.keys(before));
          for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
        } finally {
          await loaded.close();
        }
      } finally {
        await scratch.drop();
      }
    },
    180_000,
  );

  it("takes the snapshot again when a picture it names is replaced before its files are read", async () => {
    let replaced = false;
    // The storage as the backup sees it: the first listing comes just after ann
    // replaced her picture, whose old files are gone while the snapshot still names them.
    const racing: FileStorage = {
      kind: t.storage.kind,
      put: (key, body, type) => t.storage.put(key, body, type),
      get: (key) => t.storage.get(key),
      delete: (key) => t.storage.delete(key),
      check: () => t.storage.check(),
      async *keys(folder) {
        if (!replaced) {
          replaced = true;
          await json(
            await t.request(`/api/users/${annId}/picture`, {
              method: "POST",
              body: new Uint8Array(await picture("#48c")),
              headers: { "Content-Type": "image/png" },
              cookie: annCookie,
            }),
          );
        }
        yield* t.storage.keys(folder);
      },
    };
    const raced = join(dir, "raced.tar.gz");
    await writeBackup(raced, { database: t.database, storage: racing, dataDir: null });
    expect(replaced).toBe(true);

    const entries = await unpack(raced);
    const [url] =
      entries
        .get("db.sql")!
        .toString("utf8")
        .match(/\/files\/avatars\/[^"]+-256\.webp/) ?? [];
    const [ann] = await t.database.db
      .select()
      .from(user)
      .where(sql`${user.id} = ${annId}`);
    expect(url).toBe(ann?.profilePictureUrl);
    const key = url!.slice("/files/".length);
    expect(entries.has(`files/${key}`)).toBe(true);
    expect(entries.has(`files/${key.replace("-256.webp", "-64.webp")}`)).toBe(true);
  });

  it("refuses a file that is not a backup", async () => {
    const bogus = join(dir, "bogus.tar.gz");
    writeFileSync(bogus, "not gzip at all");
    await expect(
      restoreBackup(bogus, { database: target, storage: s3.storage, dataDir: null }),
    ).rejects.toThrow();
  });

  it("says a missing file is missing (it used to wait forever)", async () => {
    await expect(
      restoreBackup(join(dir, "nowhere.tar.gz"), { database: target, storage: s3.storage, dataDir: null }),
    ).rejects.toThrow("ENOENT");
  });
});

// The commands an operator runs, as child processes, on a DATA_DIR or a DATABASE_URL.
describe("npm run backup / npm run restore", () => {
  let dir: string;
  const scratches: ScratchDatabase[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "sr-backup-cli-"));
  });
  afterAll(async () => {
    for (const s of scratches) await s.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const command = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/backup.ts", ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      encoding: "utf8",
      timeout: 120_000,
    });

  async function install(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
    const dataDir = mkdtempSync(join(dir, "data-"));
    if (onPostgres) {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "sr_backup");
      scratches.push(scratch);
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
        open: () => openPostgres(scratch.url, 2),
      };
    }
    return { env: { DATA_DIR: dataDir }, open: () => openPglite(join(dataDir, "pglite")) };
  }

  it("round-trips an install through one file, and refuses to restore over data", async () => {
    const source = await install();
    const db = await source.open();
    await db.migrate();
    await seedReferenceData(db.db, loadReferenceData());
    await db.db.insert(user).values({ id: "u1", name: "Ann", email: "ann@example.com", emailVerified: true });
    await db.close();
    const files = createLocalStorage(join(source.env.DATA_DIR!, "files"));
    await files.put("avatars/abc-256.webp", Buffer.from("webp bytes"), "image/webp");
    const file = join(dir, "cli.tar.gz");

    const backup = command(["backup", file], source.env);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${file}`);
    expect(backup.stdout).toMatch(/\d+ rows from (pglite|postgres), 1 files/);

    const target = await install();
    const restore = command(["restore", file], target.env);
    expect(restore.status, restore.stderr).toBe(0);

    const [a, b] = [await source.open(), await target.open()];
    try {
      expect(await snapshot(b.db)).toEqual(await snapshot(a.db));
    } finally {
      await a.close();
      await b.close();
    }
    expect(await storedFiles(createLocalStorage(join(target.env.DATA_DIR!, "files")))).toEqual(
      await storedFiles(files),
    );

    const again = command(["restore", file], target.env);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("The database is not empty");
    expect(command(["restore"], target.env).stderr).toContain("usage: npm run backup");
  }, 180_000);
});
