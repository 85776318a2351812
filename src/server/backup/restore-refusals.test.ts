import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { Header, list as listTar, type ReadEntry } from "tar";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#server/db/client.ts";
import { createLocalStorage } from "#server/storage/local-storage.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { createTestApp, type TestApp } from "#testing/test-app.ts";
import { createTestDatabase, type TestDatabase } from "#testing/test-db.ts";
import { restoreBackup, writeBackup } from "./backup.ts";

/**
 * Backup files made to harm: each is refused, and the install it was to be
 * restored into is left exactly as it was (no table, no picture, no secret,
 * nothing run on the database's machine).
 */

interface Entry {
  path: string;
  body: Buffer;
  type?: "File" | "SymbolicLink" | "Link" | "Directory";
  linkpath?: string;
  /** The size the header declares, when it is to lie. */
  size?: number;
}

/** A .tar.gz of exactly these entries, headers as given (node-tar's Header encodes them). */
function archive(entries: Entry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const header = Buffer.alloc(512);
    new Header({
      path: e.path,
      type: e.type ?? "File",
      linkpath: e.linkpath,
      size: e.size ?? e.body.length,
      mode: 0o600,
      uid: 0,
      gid: 0,
      mtime: new Date(),
    }).encode(header, 0);
    blocks.push(header, e.body, Buffer.alloc((512 - (e.body.length % 512)) % 512));
  }
  return gzipSync(Buffer.concat([...blocks, Buffer.alloc(1024)]));
}

async function entriesOf(file: string): Promise<Entry[]> {
  const out: Entry[] = [];
  await listTar({
    file,
    onReadEntry: (entry: ReadEntry) => {
      const parts: Buffer[] = [];
      entry.on("data", (c: Buffer) => parts.push(c));
      entry.on("end", () => out.push({ path: entry.path, body: Buffer.concat(parts) }));
    },
  });
  return out;
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** The genuine entries with db.sql replaced, and the manifest made to agree with it (size, digest, tables). */
function withDump(genuine: Entry[], dump: string, extraTables: Record<string, number> = {}): Entry[] {
  const [manifestEntry, , ...rest] = genuine;
  const body = Buffer.from(dump);
  const manifest = JSON.parse(manifestEntry!.body.toString("utf8"));
  manifest.dump = { size: body.length, sha256: sha256(body) };
  manifest.tables = { ...manifest.tables, ...extraTables };
  return [
    { path: "manifest.json", body: Buffer.from(JSON.stringify(manifest)) },
    { path: "db.sql", body },
    ...rest,
  ];
}

describe("restore refuses a crafted backup and changes nothing", () => {
  let source: TestApp;
  let target: TestDatabase;
  let dir: string;
  let genuine: Entry[];
  let dump: string;
  let storage: FileStorage;
  let dataDir: string;
  let marker: string;
  let n = 0;

  beforeAll(async () => {
    source = await createTestApp();
    const ann = await source.signUp("ann@example.com");
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c84" } })
      .png()
      .toBuffer();
    const res = await source.request(`/api/users/${ann.id}/picture`, {
      method: "POST",
      body: new Uint8Array(png),
      headers: { "Content-Type": "image/png" },
      cookie: ann.cookie,
    });
    expect(res.status, await res.text()).toBe(200);
    dir = mkdtempSync(join(tmpdir(), "sr-crafted-"));
    mkdirSync(join(dir, "source"));
    writeFileSync(join(dir, "source", "auth-secret"), "the-generated-secret-of-the-source-0123456789\n");
    const file = join(dir, "genuine.tar.gz");
    await writeBackup(file, {
      database: source.database,
      storage: source.storage,
      dataDir: join(dir, "source"),
    });
    genuine = await entriesOf(file);
    dump = genuine[1]!.body.toString("utf8");
    expect(genuine.map((e) => e.path).slice(0, 3)).toEqual(["manifest.json", "db.sql", "auth-secret"]);
    expect(genuine).toHaveLength(5);
    target = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await source?.close();
    await target?.dispose();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    n++;
    storage = createLocalStorage(join(dir, `store-${n}`, "files"));
    dataDir = join(dir, `data-${n}`);
    // Where a program run by the database (on its own machine, here this one) would leave a trace.
    marker = join(tmpdir(), `sr-crafted-${randomBytes(6).toString("hex")}`);
  });

  async function tablesOf(db: Db): Promise<string[]> {
    const { rows } = (await db.execute(
      sql`SELECT schemaname || '.' || tablename AS t FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    )) as unknown as { rows: { t: string }[] };
    return rows.map((r) => r.t);
  }

  async function expectRefused(entries: Entry[], why: RegExp) {
    const file = join(dir, `crafted-${n}.tar.gz`);
    writeFileSync(file, archive(entries));
    await expect(restoreBackup(file, { database: target, storage, dataDir })).rejects.toThrow(why);
    expect(await tablesOf(target.db)).toEqual([]);
    const stored: string[] = [];
    for await (const key of storage.keys()) stored.push(key);
    expect(stored).toEqual([]);
    expect(existsSync(join(dataDir, "auth-secret"))).toBe(false);
    expect(existsSync(marker)).toBe(false);
    rmSync(marker, { force: true });
  }

  it("the archive the report describes: a valid manifest and a db.sql of CREATE TABLE", async () => {
    // As the previous format wrote it: its restore ran db.sql's statements.
    const manifest = {
      format: "survivor-rankings-backup",
      version: 1,
      createdAt: new Date().toISOString(),
      database: "pglite",
      rows: 0,
      files: 0,
      authSecret: false,
    };
    await expectRefused(
      [
        { path: "manifest.json", body: Buffer.from(JSON.stringify(manifest)) },
        {
          path: "db.sql",
          body: Buffer.from(
            `CREATE TABLE "pwned" (x int);\n--> statement-breakpoint\nCOPY (SELECT 1) TO PROGRAM 'touch ${marker}';\n`,
          ),
        },
      ],
      /older version/,
    );
  });

  const statements: [string, (dump: string) => string, RegExp][] = [
    [
      "a statement after the data",
      (d) => `${d}CREATE TABLE "public"."pwned" (x int);\n`,
      /line \d+ is not data/,
    ],
    ["a COPY to a program", (d) => `${d}COPY (SELECT 1) TO PROGRAM 'touch ${marker}';\n`, /is not data/],
    [
      "a table's data read from a program",
      (d) =>
        d.replace(
          /^COPY ("public"\."seasons" \(.*\)) FROM stdin;$/m,
          `COPY $1 FROM PROGRAM 'touch ${marker}';`,
        ),
      /is not data/,
    ],
    ["a psql shell escape", (d) => `\\! touch ${marker}\n${d}`, /is not data/],
    ["a statement split over two lines", (d) => `${d}DO $$ BEGIN\nPERFORM 1; END $$;\n`, /is not data/],
    [
      "rows in another encoding",
      (d) => d.replace("SET client_encoding = 'UTF8';", "SET client_encoding = 'LATIN1';"),
      /encoding/,
    ],
    [
      "a table's data without its end",
      (d) => `${d}COPY "public"."pwned" ("id") FROM stdin;\nx\n`,
      /ends inside/,
    ],
  ];
  it.each(statements)("foreign SQL in db.sql: %s", async (_, change, why) => {
    await expectRefused(withDump(genuine, change(dump)), why);
  });

  const names: [string, string, Record<string, number>, RegExp][] = [
    [
      "a table that is not ours",
      `COPY "public"."pwned" ("x") FROM stdin;\n1\n\\.\n`,
      { "public.pwned": 1 },
      /not one of our tables/,
    ],
    [
      "the system catalog",
      `COPY "pg_catalog"."pg_authid" ("rolname") FROM stdin;\nevil\n\\.\n`,
      { "pg_catalog.pg_authid": 1 },
      /not one of our tables/,
    ],
    [
      "drizzle's record of migrations",
      `COPY "drizzle"."__drizzle_migrations" ("hash") FROM stdin;\nx\n\\.\n`,
      { "drizzle.__drizzle_migrations": 1 },
      /not one of our tables/,
    ],
    [
      "a sequence that is not ours",
      `SELECT pg_catalog.setval('"pg_catalog"."pwned_seq"', 1, true);\n`,
      {},
      /sequence/,
    ],
  ];
  it.each(names)("data in db.sql for %s", async (_, extra, tables, why) => {
    await expectRefused(withDump(genuine, dump + extra, tables), why);
  });

  it("data in db.sql for a column the table does not have", async () => {
    const changed = dump.replace('COPY "public"."user" ("id",', 'COPY "public"."user" ("is_admin", "id",');
    expect(changed).not.toBe(dump);
    await expectRefused(withDump(genuine, changed), /column "is_admin"/);
  });

  it("rows that do not fit their columns (the whole load is rolled back)", async () => {
    const changed = dump.replace(/^(COPY "public"."castaways" .*\n)([^\n]*)\n/m, "$1$2\textra\n");
    expect(changed).not.toBe(dump);
    await expectRefused(withDump(genuine, changed), /extra data|column/i);
  });

  it("a db.sql that is not the one its manifest describes", async () => {
    const [manifest, , ...rest] = genuine;
    const damaged = Buffer.from(dump.replace("Richard Hatch", "Richard Hatcx"));
    await expectRefused(
      [manifest!, { path: "db.sql", body: damaged }, ...rest],
      /does not match its manifest/,
    );
  });

  const webp = () => genuine[3]!.body;
  const entryCases: [string, () => Entry[], RegExp][] = [
    [
      "a ../ path",
      () => [...genuine, { path: "files/../../escape.webp", body: webp() }],
      /entry named "files\/\.\.\/\.\.\/escape\.webp"/,
    ],
    ["a ../ path at the top", () => [...genuine, { path: "../escape.webp", body: webp() }], /entry named/],
    ["an absolute path", () => [...genuine, { path: join(dir, "escape.webp"), body: webp() }], /entry named/],
    [
      "a symlink",
      () => [
        ...genuine.slice(0, 3),
        { path: genuine[3]!.path, body: Buffer.alloc(0), type: "SymbolicLink", linkpath: "/etc/passwd" },
      ],
      /as a SymbolicLink/,
    ],
    [
      "a hard link",
      () => [
        ...genuine.slice(0, 3),
        { path: genuine[3]!.path, body: Buffer.alloc(0), type: "Link", linkpath: "db.sql" },
      ],
      /as a Link/,
    ],
    [
      "a directory",
      () => [...genuine.slice(0, 3), { path: "files/", body: Buffer.alloc(0), type: "Directory" }],
      /as a Directory/,
    ],
    [
      "a picture declaring 10 GB",
      () => [...genuine.slice(0, 3), { path: genuine[3]!.path, body: webp(), size: 10 * 1024 ** 3 }],
      /declares 10737418240 bytes/,
    ],
    [
      "a db.sql declaring 10 GB",
      () => [genuine[0]!, { path: "db.sql", body: genuine[1]!.body, size: 10 * 1024 ** 3 }],
      /declares 10737418240 bytes/,
    ],
    [
      "a manifest declaring 10 GB",
      () => [{ path: "manifest.json", body: genuine[0]!.body, size: 10 * 1024 ** 3 }],
      /declares 10737418240 bytes/,
    ],
    [
      "a picture that is not one",
      () => [...genuine.slice(0, 3), { path: genuine[3]!.path, body: Buffer.from("<svg onload=alert(1)>") }],
      /not the picture/,
    ],
    [
      "pictures before the data",
      () => [genuine[0]!, genuine[3]!, genuine[1]!],
      /comes where db\.sql belongs/,
    ],
    ["an entry named twice", () => [...genuine, genuine[3]!], /twice/],
  ];
  it.each(entryCases)("an archive with %s", async (_, entries, why) => {
    await expectRefused(entries(), why);
  });

  it("a truncated archive", async () => {
    const whole = archive(genuine);
    const file = join(dir, "truncated.tar.gz");
    writeFileSync(file, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await expect(restoreBackup(file, { database: target, storage, dataDir })).rejects.toThrow(
      /not a readable backup|damaged/,
    );
    expect(await tablesOf(target.db)).toEqual([]);
  });

  it("and restores the genuine one (the cases above differ from it in one thing each)", async () => {
    const file = join(dir, "genuine-again.tar.gz");
    writeFileSync(file, archive(genuine));
    await restoreBackup(file, { database: target, storage, dataDir });
    expect((await tablesOf(target.db)).length).toBeGreaterThan(10);
    expect(existsSync(join(dataDir, "auth-secret"))).toBe(true);
  });
});
