import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { isAppearanceId } from "#shared/media-urls.ts";
import type { Logger } from "../logger.ts";
import {
  type AliasTable,
  type FileCandidate,
  IMAGE_EXTENSIONS,
  nameKey,
  safeFileName,
} from "./file-names.ts";

// An operator's own images under HEADSHOTS_DIR, in the layout docs/media.md describes:
//   Headshots/Season {n}/{file}.png      Survivor Seasons/Season {n}.png
//   aliases.json                         placeholder.png (optional)
// Nothing from a request is ever joined into a path: every name used below
// comes out of readdir() of the folder it is joined to, and is matched
// against candidates case-insensitively.

const MAX_FILE_BYTES = 15 * 1024 * 1024;
const ALIAS_FILE = "aliases.json";

export interface OperatorFile {
  /** Strong validator from the file's identity, size and time: cheap, no read. */
  etag: string;
  /** The bytes and their sniffed type; null when the file is not a PNG, JPEG or WebP. */
  read(): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string } | null>;
}

// A folder changed within this long before it was read may have changed again
// within the same timestamp tick: such a listing is read again next time.
const RACY_MS = 2000;

interface Listing {
  mtimeMs: number;
  listedAt: number;
  /** Lowercased name -> actual name. */
  entries: Map<string, string>;
}

const aliasFileSchema = z.record(z.string(), z.string());

export class OperatorImages {
  private readonly listings = new Map<string, Listing>();
  private aliasCache: { key: string; table: AliasTable } | null = null;
  private readonly warned = new Set<string>();

  constructor(
    private readonly root: string | undefined,
    private readonly logger: Logger,
  ) {}

  get configured(): boolean {
    return this.root !== undefined;
  }

  async headshot(seasonNumber: number, candidates: FileCandidate[]): Promise<OperatorFile | null> {
    const folder = await this.subfolder(["headshots", `season ${seasonNumber}`]);
    if (!folder) return null;
    const names = candidates.flatMap((c) =>
      "file" in c ? [c.file] : IMAGE_EXTENSIONS.map((e) => `${c.stem}.${e}`),
    );
    return this.fileIn(folder, names);
  }

  async seasonLogo(seasonNumber: number): Promise<OperatorFile | null> {
    const folder = await this.subfolder(["survivor seasons"]);
    if (!folder) return null;
    return this.fileIn(
      folder,
      IMAGE_EXTENSIONS.map((e) => `season ${seasonNumber}.${e}`),
    );
  }

  async placeholder(): Promise<OperatorFile | null> {
    if (!this.root) return null;
    return this.fileIn(
      this.root,
      IMAGE_EXTENSIONS.map((e) => `placeholder.${e}`),
    );
  }

  /** Every headshot file of one season folder (for random picks). */
  async headshotFiles(seasonNumber: number): Promise<string[]> {
    const folder = await this.subfolder(["headshots", `season ${seasonNumber}`]);
    if (!folder) return [];
    const listing = await this.list(folder);
    return [...listing.entries.keys()].filter((n) =>
      (IMAGE_EXTENSIONS as readonly string[]).includes(n.slice(n.lastIndexOf(".") + 1)),
    );
  }

  /**
   * HEADSHOTS_DIR/aliases.json: `{ "<appearance id or full name>": "<file name>" }`.
   * Re-read when the file changes; a broken file is logged and ignored.
   */
  async aliases(): Promise<AliasTable> {
    const empty: AliasTable = new Map();
    if (!this.root) return empty;
    const actual = (await this.list(this.root)).entries.get(ALIAS_FILE);
    if (!actual) return empty;
    const path = join(this.root, actual);
    let key: string;
    let settled: boolean;
    try {
      const s = await stat(path);
      key = `${s.ino}:${s.size}:${s.mtimeMs}`;
      settled = Date.now() - s.mtimeMs > RACY_MS;
    } catch {
      return empty;
    }
    if (this.aliasCache?.key === key) return this.aliasCache.table;
    const table = new Map<string, string>();
    try {
      const parsed = aliasFileSchema.parse(JSON.parse(await readFile(path, "utf8")));
      for (const [k, v] of Object.entries(parsed)) {
        if (safeFileName(v) === null) {
          this.warnOnce(`alias:${key}:${k}`, "ignoring an alias whose file name is not a plain file name", {
            alias: k,
          });
          continue;
        }
        table.set(isAppearanceId(k.trim()) ? k.trim() : nameKey(k), v);
      }
    } catch (err) {
      this.warnOnce(
        `aliases:${key}`,
        "ignoring HEADSHOTS_DIR/aliases.json: it is not a JSON object of strings",
        {
          error: err instanceof Error ? err.message : String(err),
        },
      );
    }
    // A file written moments ago may change again within the same tick: read it again next time.
    this.aliasCache = settled ? { key, table } : null;
    return table;
  }

  /** Walks down from the root by case-insensitive names; null when a level is missing. */
  private async subfolder(lowerNames: string[]): Promise<string | null> {
    if (!this.root) return null;
    let dir = this.root;
    for (const lower of lowerNames) {
      const actual = (await this.list(dir)).entries.get(lower);
      if (!actual) return null;
      dir = join(dir, actual);
    }
    return dir;
  }

  /** The first of `lowerNames` present in `dir` as a regular file. */
  private async fileIn(dir: string, lowerNames: string[]): Promise<OperatorFile | null> {
    const listing = await this.list(dir);
    for (const name of lowerNames) {
      const found = await this.openListed(dir, listing.entries.get(name.toLowerCase()));
      if (found) return found;
    }
    return null;
  }

  private async openListed(dir: string, actual: string | undefined): Promise<OperatorFile | null> {
    if (!actual) return null;
    const path = join(dir, actual);
    let info;
    try {
      info = await stat(path);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    if (info.size > MAX_FILE_BYTES) {
      this.warnOnce(`big:${path}`, "ignoring an image larger than 15 MB", { file: path });
      return null;
    }
    const etag = `"f-${createHash("sha1").update(`${path}\u0000${info.ino}\u0000${info.size}\u0000${info.mtimeMs}`).digest("base64url")}"`;
    return {
      etag,
      read: async () => {
        const body = new Uint8Array(await readFile(path));
        const contentType = sniffImageType(body);
        if (!contentType)
          this.warnOnce(`type:${path}`, "ignoring a file that is not a PNG, JPEG or WebP", { file: path });
        return contentType ? { body, contentType } : null;
      },
    };
  }

  /** A folder's entries, cached until the folder's mtime changes (files added, removed, renamed). */
  private async list(dir: string): Promise<Listing> {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(dir)).mtimeMs;
    } catch {
      if (dir === this.root)
        this.warnOnce("root", "HEADSHOTS_DIR is not readable; serving generated images", { dir });
      this.listings.delete(dir);
      return { mtimeMs: -1, listedAt: 0, entries: new Map() };
    }
    const cached = this.listings.get(dir);
    if (cached && cached.mtimeMs === mtimeMs && cached.listedAt - mtimeMs > RACY_MS) return cached;
    const listedAt = Date.now();
    const entries = new Map<string, string>();
    try {
      for (const name of (await readdir(dir)).sort()) {
        const lower = name.toLowerCase();
        // Two names that differ only in case: the first in sort order wins, every time.
        if (!entries.has(lower)) entries.set(lower, name);
      }
    } catch {
      // Not a directory, or unreadable: nothing to serve from it.
    }
    const listing = { mtimeMs, listedAt, entries };
    this.listings.set(dir, listing);
    return listing;
  }

  private warnOnce(key: string, msg: string, fields: Record<string, unknown>) {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.logger.error(`media: ${msg}`, fields);
  }
}

/** The type a browser will see, from the bytes, not from the file name. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}
