import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isRelationFile, rememberRelationSizes } from "./pglite-file-sizes.ts";

type FsNode = Parameters<typeof isRelationFile>[0];

/** A file-system node and its parents, as Emscripten links them (the root is its own parent). */
function node(path: string): FsNode {
  const root = { name: "/" } as FsNode;
  root.parent = root;
  return path.split("/").reduce((parent, name) => ({ name, parent }), root);
}

describe("isRelationFile", () => {
  it("knows tables' and indexes' files from the rest of the data directory", () => {
    for (const path of [
      "base/5/16384",
      "base/5/16384.1",
      "base/5/16384_fsm",
      "base/5/2619_vm",
      "global/1262",
    ]) {
      expect(isRelationFile(node(`pgdata/${path}`)), path).toBe(true);
    }
    for (const path of [
      "pg_wal/000000010000000000000001",
      "pg_xact/0000",
      "global/pg_control",
      "base/5/pg_filenode.map",
      "base/pgsql_tmp/12",
    ]) {
      expect(isRelationFile(node(`pgdata/${path}`)), path).toBe(false);
    }
  });
});

describe("relation sizes remembered by PGlite's file system", () => {
  let dir: string;
  let db: PGlite;
  /** Seeks to a relation file's end that reached the real file system. */
  let seeksToEnd = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sr-file-sizes-"));
    db = new PGlite(dir);
    await db.waitReady;
    // Counts what the remembering layer lets through to the layer beneath it.
    const ops = db.Module.NODEFS as unknown as {
      stream_ops: { llseek: (s: { node: never }, o: number, w: number) => number };
    };
    const llseek = ops.stream_ops.llseek;
    ops.stream_ops.llseek = function (stream, offset, whence) {
      if (whence === 2 && isRelationFile(stream.node)) seeksToEnd++;
      return llseek.call(this, stream, offset, whence);
    };
    rememberRelationSizes(db);
    await db.exec("CREATE TABLE t (id int PRIMARY KEY, pad text)");
  });

  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * The size PostgreSQL believes (ANALYZE records the relation's pages as
   * its storage manager counts them, through the remembered sizes) and the
   * file's size on disk. (pg_relation_size would not do: it stats the file.)
   */
  async function sizes(relation: string) {
    await db.exec("ANALYZE t");
    const { rows } = await db.query<{ believed: number; path: string }>(
      "SELECT relpages * 8192 AS believed, pg_relation_filepath(oid) AS path FROM pg_class WHERE relname = $1",
      [relation],
    );
    const { believed, path } = rows[0]!;
    return { believed, onDisk: statSync(join(dir, path)).size };
  }

  async function rowsOf() {
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM t");
    return rows[0]!.n;
  }

  async function insert(from: number, to: number) {
    await db.query("INSERT INTO t SELECT i, repeat('x', 200) FROM generate_series($1::int, $2::int) i", [
      from,
      to,
    ]);
  }

  it("follows a table and its index as they grow", async () => {
    for (let batch = 0; batch < 5; batch++) {
      await insert(batch * 2000 + 1, (batch + 1) * 2000);
      for (const relation of ["t", "t_pkey"]) {
        const { believed, onDisk } = await sizes(relation);
        expect(believed, relation).toBe(onDisk);
      }
      expect(await rowsOf()).toBe((batch + 1) * 2000);
    }
    expect((await sizes("t")).believed).toBeGreaterThan(2_000_000);
  });

  it("asks the file system once, then answers from memory", async () => {
    await rowsOf();
    const before = seeksToEnd;
    // Each count scans the table, and each ANALYZE counts the pages of the table and its index.
    for (let i = 0; i < 20; i++) await rowsOf();
    await sizes("t");
    expect(seeksToEnd - before).toBe(0);
  });

  it("reads the size again after VACUUM trims a table's empty tail", async () => {
    const full = (await sizes("t")).believed;
    await db.exec("DELETE FROM t WHERE id > 2000");
    await db.exec("VACUUM t");
    const { believed, onDisk } = await sizes("t");
    expect(believed).toBe(onDisk);
    expect(believed).toBeLessThan(full / 2);
    expect(await rowsOf()).toBe(2000);
    await insert(2001, 4000);
    const grown = await sizes("t");
    expect(grown.believed).toBe(grown.onDisk);
    expect(await rowsOf()).toBe(4000);
  });

  it("follows TRUNCATE's new file, and the data survives a restart", async () => {
    await db.exec("TRUNCATE t");
    expect(await sizes("t")).toEqual({ believed: 0, onDisk: 0 });
    await insert(1, 3000);
    const grown = await sizes("t");
    expect(grown.believed).toBe(grown.onDisk);
    expect(await rowsOf()).toBe(3000);
    await db.close();
    db = new PGlite(dir);
    await db.waitReady;
    rememberRelationSizes(db);
    const { rows } = await db.query<{ n: number; top: number }>(
      "SELECT count(*)::int AS n, max(id) AS top FROM t",
    );
    expect(rows[0]).toEqual({ n: 3000, top: 3000 });
  });
});
