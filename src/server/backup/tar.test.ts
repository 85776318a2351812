import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { readTar, readTarStream, type TarEntry, writeTar } from "./tar.ts";

const entries: TarEntry[] = [
  { name: "manifest.json", body: Buffer.from('{"a":1}\n') },
  { name: "empty", body: Buffer.alloc(0) },
  { name: "exactly-one-block", body: Buffer.alloc(512, 7) },
  { name: `files/avatars/${"x".repeat(150)}-256.webp`, body: Buffer.from([0, 1, 2, 255]) },
  { name: "files/ünïcode-名前.png", body: Buffer.from("picture") },
];

async function archive(list: TarEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const block of writeTar(list)) parts.push(block);
  return Buffer.concat(parts);
}

/** Feeds the archive in awkward slices, as a gunzip stream would. */
async function* sliced(buffer: Buffer, size: number) {
  for (let i = 0; i < buffer.length; i += size) yield buffer.subarray(i, i + size);
}

describe("tar", () => {
  it("reads back what it wrote, long and non-ASCII names included, however the bytes arrive", async () => {
    const tar = await archive(entries);
    expect(tar.length % 512).toBe(0);
    for (const size of [1, 333, 512, 100_000]) {
      const read: TarEntry[] = [];
      for await (const e of readTar(sliced(tar, size))) read.push(e);
      expect(read.map((e) => [e.name, e.body.toString("hex")])).toEqual(
        entries.map((e) => [e.name, e.body.toString("hex")]),
      );
    }
  });

  it("writes archives the system tar lists and unpacks", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sr-tar-"));
    try {
      writeFileSync(join(dir, "a.tar.gz"), gzipSync(await archive(entries)));
      const list = spawnSync("tar", ["-tzf", "a.tar.gz"], { cwd: dir, encoding: "utf8" });
      expect(list.status, list.stderr).toBe(0);
      expect(list.stdout.trim().split("\n")).toEqual(entries.map((e) => e.name));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says a cut-off archive is truncated", async () => {
    const tar = await archive(entries);
    const read = async () => {
      for await (const _ of readTar(sliced(tar.subarray(0, 700), 512))) void _;
    };
    await expect(read()).rejects.toThrow("truncated");
  });

  it("streams a body of known size in, and out in pieces a reader may leave unread", async () => {
    async function* pieces() {
      for (let i = 0; i < 5; i++) yield Buffer.alloc(300, i);
    }
    const parts: Buffer[] = [];
    for await (const block of writeTar([
      { name: "db.sql", size: 1500, chunks: pieces() },
      { name: "after", body: Buffer.from("next") },
    ]))
      parts.push(block);
    const tar = Buffer.concat(parts);
    const seen: string[] = [];
    for await (const e of readTarStream(sliced(tar, 100))) {
      // Only the first piece of the big one is read; the rest must be skipped, not taken as the next header.
      for await (const piece of e.chunks) {
        seen.push(`${e.name}:${e.size}:${piece.toString("hex").slice(0, 4)}`);
        break;
      }
    }
    expect(seen).toEqual(["db.sql:1500:0000", "after:4:6e65"]);
  });

  it("refuses a streamed body that is not the size it announced", async () => {
    async function* short() {
      yield Buffer.alloc(10);
    }
    const write = async () => {
      for await (const _ of writeTar([{ name: "db.sql", size: 11, chunks: short() }])) void _;
    };
    await expect(write()).rejects.toThrow("db.sql changed size");
  });
});
