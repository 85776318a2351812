import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { list as listTar, type ReadEntry } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type Db, openPglite, openPostgres } from "#server/db/client.ts";
import { lists, user } from "#server/db/schema/index.ts";
import { loadReferenceData } from "#server/modules/seasons/reference-data.ts";
import { seedReferenceData } from "#server/modules/seasons/seasons.service.ts";
import { toggleUpvote } from "#server/modules/reactions/reactions.service.ts";
import { createLocalStorage } from "#server/storage/local-storage.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { startTestS3, type TestS3 } from "#testing/s3-server.ts";
import { createScratchDatabase, type ScratchDatabase } from "#testing/scratch-postgres.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { createTestDatabase, type TestDatabase } from "#testing/test-db.ts";
import { testStore } from "#testing/test-store.ts";
import { restoreBackup, writeBackup } from "./backup.ts";
import { NotEmptyError } from "./errors.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const onPostgres = process.env.TEST_DB_KIND === "postgres";
const adminUrl = process.env.TEST_DATABASE_URL;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Every row of every table of ours (public and drizzle's records), in a fixed order, as the database prints it. */
async function snapshot(db: Db): Promise<Record<string, string[]>> {
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

async function expectSameTables(from: Db, to: Db) {
  const before = await snapshot(from);
  const after = await snapshot(to);
  expect(Object.keys(after)).toEqual(Object.keys(before));
  for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
  return before;
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

const picture = (background: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background } })
    .png()
    .toBuffer();

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
      json: { target: { listUserId: ann.id, listId: list.id }, text: "Great list; \\. COPY \\N ;" },
      cookie: ben.cookie,
    }),
    201,
  );
  // A reply: a row that references a row of its own table.
  await json(
    await t.request("/api/comments", {
      json: { target: { listUserId: ann.id, listId: list.id }, text: "Thanks!", replyTo: commentId },
      cookie: ann.cookie,
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
  await json(
    await t.request(`/api/users/${ann.id}/picture`, {
      method: "POST",
      body: new Uint8Array(await picture("#c84")),
      headers: { "Content-Type": "image/png" },
      cookie: ann.cookie,
    }),
  );
  return { ann };
}

/** The entries of a backup file, in order, with their bytes. */
async function unpack(file: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  await listTar({
    file,
    onReadEntry: (entry: ReadEntry) => {
      const parts: Buffer[] = [];
      entry.on("data", (c: Buffer) => parts.push(c));
      entry.on("end", () => out.set(entry.path, Buffer.concat(parts)));
    },
  });
  return out;
}

/** A database of the other engine than this run's, when there is one to have. */
async function otherEngine(): Promise<{ database: Database; dispose(): Promise<void> } | null> {
  if (onPostgres) {
    const database = await openPglite(null);
    return { database, dispose: () => database.close() };
  }
  if (!adminUrl) return null;
  const scratch = await createScratchDatabase(adminUrl, "sr_backup_other");
  const database = await openPostgres(scratch.url, 2);
  return {
    database,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
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
    writeFileSync(join(dir, "source", "auth-secret"), "the-generated-secret-of-the-source-0123456789\n");
    file = join(dir, "install.tar.gz");
  });
  afterAll(async () => {
    await t?.close();
    await target?.dispose();
    await s3?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("writes one private file: the manifest, the data as pg_dump writes it, the auth secret and the pictures", async () => {
    const summary = await writeBackup(file, {
      database: t.database,
      storage: t.storage,
      dataDir: join(dir, "source"),
    });
    expect(summary).toMatchObject({ database: t.database.kind, files: 2, authSecret: true });
    expect(summary.rows).toBeGreaterThan(900);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const entries = await unpack(file);
    expect([...entries.keys()].slice(0, 3)).toEqual(["manifest.json", "db.sql", "auth-secret"]);
    expect([...entries.keys()].slice(3)).toEqual([
      expect.stringMatching(/^files\/avatars\/\S+-256\.webp$/),
      expect.stringMatching(/^files\/avatars\/\S+-64\.webp$/),
    ]);
    const dump = entries.get("db.sql")!.toString("utf8");
    expect(dump).toMatch(/^COPY "public"\."user" \("id", "name", .*\) FROM stdin;$/m);
    // Data only: the schema comes from our migrations at restore.
    expect(dump).not.toMatch(/CREATE|ALTER|INSERT/);
    const manifest = JSON.parse(entries.get("manifest.json")!.toString("utf8"));
    expect(manifest).toMatchObject({ version: 2, database: t.database.kind, files: 2, authSecret: true });
    expect(manifest.dumpedBy).toMatch(onPostgres ? /^pg_dump \(PostgreSQL\) \d+/ : /PGlite/);
    expect(manifest.tables["public.comments"]).toBe(2);
    // The database keeps these counts itself, and keeps them again as a restore loads the lists.
    expect(manifest.tables).not.toHaveProperty(["public.public_list_counts"]);
    expect(dump).not.toMatch(/public_list_counts/);
  });

  it("brings an empty database and storage (here S3) to the same state, row by row and byte by byte", async () => {
    const restoredDir = join(dir, "restored");
    const summary = await restoreBackup(file, {
      database: target,
      storage: s3.storage,
      dataDir: restoredDir,
    });
    expect(summary).toMatchObject({ files: 2, authSecret: true });

    const before = await expectSameTables(t.database.db, target.db);
    expect(before["public.user"]).toHaveLength(2);
    expect(before["public.castaways"]!.length).toBeGreaterThan(900);
    expect(before["public.comment_votes"]).toHaveLength(1);
    expect(before["public.public_list_counts"]).not.toHaveLength(0);
    expect(before["drizzle.__drizzle_migrations"]!.length).toBeGreaterThan(5);

    expect(await storedFiles(s3.storage)).toEqual(await storedFiles(t.storage));
    expect(readFileSync(join(restoredDir, "auth-secret"), "utf8")).toBe(
      "the-generated-secret-of-the-source-0123456789\n",
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

  it("restores onto the other engine too (PGlite <-> PostgreSQL), every table the same", async (ctx) => {
    const other = await otherEngine();
    if (!other) return ctx.skip();
    try {
      await restoreBackup(file, {
        database: other.database,
        storage: createLocalStorage(join(dir, "other-engine-files")),
        dataDir: null,
      });
      await expectSameTables(t.database.db, other.database.db);
    } finally {
      await other.dispose();
    }
  });

  it("refuses a database that is not empty, and changes nothing in it", async () => {
    const before = await snapshot(target.db);
    const other = createLocalStorage(join(dir, "other-files"));
    const refused = restoreBackup(file, { database: target, storage: other, dataDir: null });
    await expect(refused).rejects.toThrow(NotEmptyError);
    await expect(refused).rejects.toThrow(/--replace/);
    expect(await snapshot(target.db)).toEqual(before);
    expect(await storedFiles(other)).toEqual({});
  });

  it("with replace, drops what the database holds and restores the backup in its place", async () => {
    await target.db.insert(user).values({ id: "intruder", name: "Intruder", email: "i@example.com" });
    await target.db.execute(sql`CREATE TABLE public.leftover (x int)`);
    await restoreBackup(file, { database: target, storage: s3.storage, dataDir: null }, { replace: true });
    await expectSameTables(t.database.db, target.db);
  });

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
        .match(/\/files\/avatars\/[^\t\n]+-256\.webp/) ?? [];
    const [ann] = await t.database.db
      .select()
      .from(user)
      .where(sql`${user.id} = ${annId}`);
    expect(url).toBe(ann?.profilePictureUrl);
    const key = url!.slice("/files/".length);
    expect(entries.has(`files/${key}`)).toBe(true);
    expect(entries.has(`files/${key.replace("-256.webp", "-64.webp")}`)).toBe(true);
  });

  it("refuses a file that is not a backup, and one that is missing, changing nothing", async () => {
    const before = await snapshot(target.db);
    const bogus = join(dir, "bogus.tar.gz");
    writeFileSync(bogus, "not gzip at all");
    const install = { database: target, storage: s3.storage, dataDir: null };
    // replace: past the check for an empty database, to the file's own.
    await expect(restoreBackup(bogus, install, { replace: true })).rejects.toThrow(
      /not a (readable )?backup/,
    );
    await expect(restoreBackup(join(dir, "nowhere.tar.gz"), install, { replace: true })).rejects.toThrow(
      "ENOENT",
    );
    expect(await snapshot(target.db)).toEqual(before);
  });
});

describe("a backup taken while the install is being written to", () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    source = await createTestDatabase();
    target = await createTestDatabase({ migrate: false });
    dir = mkdtempSync(join(tmpdir(), "sr-backup-load-"));
  });
  afterAll(async () => {
    await source?.dispose();
    await target?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("restores to a consistent state: every list's upvote count equals its upvotes", async () => {
    const people = Array.from({ length: 12 }, (_, i) => ({
      id: `u${i}`,
      name: `User ${i}`,
      email: `u${i}@example.com`,
    }));
    await source.db.insert(user).values(people);
    await source.db
      .insert(lists)
      .values(people.map((p) => ({ userId: p.id, id: `l-${p.id}`, name: `List of ${p.name}` })));

    // Voters toggle upvotes, each a write of a vote and the list's count,
    // until the backup is done.
    let writing = true;
    let writes = 0;
    const store = await testStore(source.db);
    const voter = async (n: number) => {
      for (let i = 0; writing; i++) {
        const owner = people[(n * 7 + i) % people.length]!;
        await toggleUpvote(store, people[n]!.id, owner.id, `l-${owner.id}`, people[n]!.name);
        writes++;
        // An embedded database answers without I/O: let the backup's own steps in between.
        await new Promise((r) => setImmediate(r));
      }
    };
    const voters = people.map((_, n) => voter(n));
    while (writes < 50) await new Promise((r) => setTimeout(r, 5));
    const before = writes;
    const file = join(dir, "under-load.tar.gz");
    try {
      await writeBackup(file, {
        database: source,
        storage: createLocalStorage(join(dir, "files")),
        dataDir: null,
      });
    } finally {
      writing = false;
      await Promise.all(voters);
    }
    expect(writes - before, "writes while the backup ran").toBeGreaterThan(0);

    await restoreBackup(file, {
      database: target,
      storage: createLocalStorage(join(dir, "files2")),
      dataDir: null,
    });
    const [check] = rowsOf<{ lists: number; wrong: number; upvotes: number }>(
      await target.db.execute(sql`
        SELECT count(*)::int AS lists,
          count(*) FILTER (WHERE l.upvote_count <> (SELECT count(*) FROM list_upvotes u
            WHERE u.list_user_id = l.user_id AND u.list_id = l.id))::int AS wrong,
          (SELECT count(*) FROM list_upvotes)::int AS upvotes
        FROM lists l`),
    );
    expect(check).toMatchObject({ lists: people.length, wrong: 0 });
    expect(check!.upvotes).toBeGreaterThan(0);
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
    if (dir) rmSync(dir, { recursive: true, force: true });
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

  it("round-trips an install through one file, and restores over data when told to replace it", async () => {
    const source = await install();
    const db = await source.open();
    await db.migrate();
    await seedReferenceData(db.db, loadReferenceData());
    await db.db.insert(user).values({ id: "u1", name: "Ann", email: "ann@example.com", emailVerified: true });
    await db.close();
    const files = createLocalStorage(join(source.env.DATA_DIR!, "files"));
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#c84" } })
      .webp()
      .toBuffer();
    await files.put("avatars/abc-256.webp", webp, "image/webp");
    const file = join(dir, "cli.tar.gz");

    const backup = command(["backup", file], source.env);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${file}`);
    expect(backup.stdout).toMatch(/\d+ rows from (pglite|postgres), 1 files/);

    const target = await install();
    const restore = command(["restore", file], target.env);
    expect(restore.status, restore.stderr).toBe(0);

    // Over data only when told (the refusal itself is tested in-process above).
    const replaced = command(["restore", file, "--replace"], target.env);
    expect(replaced.status, replaced.stderr).toBe(0);
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

    expect(command(["restore"], target.env).stderr).toContain("usage: npm run backup");
  }, 180_000);
});
