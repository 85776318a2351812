import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { create, Parser, type ReadEntry } from "tar";
import { RefusedBackupError } from "./errors.ts";

/**
 * The backup file is a gzipped tar, written and read with node-tar
 * (decision 015). Reading is strict: a damaged header or a truncated or
 * over-compressed stream is an error, never skipped.
 */

/** Writes `names` (files under `dir`, in this order) as a .tar.gz at `file`, readable by its owner only. */
export async function writeArchive(file: string, dir: string, names: string[]): Promise<void> {
  await pipeline(
    create({ gzip: true, cwd: dir, portable: true, noDirRecurse: true }, names),
    createWriteStream(file, { mode: 0o600 }),
  );
}

export interface ArchiveEntry {
  name: string;
  /** What the header declares; the body is checked against it as it is read. */
  size: number;
  body: AsyncIterable<Buffer>;
}

/**
 * The entries of a .tar.gz, one at a time. `admit` sees each header before
 * any of its body is read and throws to refuse it; the caller must read each
 * body to its end (or stop) before asking for the next entry. Only regular
 * files are ever passed on.
 */
export async function* readArchive(
  file: string,
  admit: (name: string, size: number) => void,
): AsyncGenerator<ArchiveEntry> {
  // Ratio: what a 1000:1 gzip bomb would need; node-tar aborts past it.
  const parser = new Parser({ strict: true, brotli: false, zstd: false, maxDecompressionRatio: 1000 });
  const source = createReadStream(file);
  const queue: ReadEntry[] = [];
  let current: ReadEntry | null = null;
  let ended = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const fail = (e: unknown) => {
    failure ??= e;
    // A reader waiting on the body of a truncated entry would otherwise wait forever.
    if (current && current.listenerCount("error") > 0) {
      current.emit("error", e instanceof Error ? e : new Error(String(e)));
    }
    notify();
  };
  parser.on("entry", (entry: ReadEntry) => {
    queue.push(entry);
    notify();
  });
  parser.on("error", fail);
  parser.on("end", () => {
    ended = true;
    notify();
  });
  source.on("error", fail);
  source.pipe(parser);
  try {
    for (;;) {
      if (failure) throw asRefusal(failure);
      const entry = queue.shift();
      if (!entry) {
        if (ended) return;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (entry.type !== "File") {
        throw new RefusedBackupError(
          `${file} holds ${JSON.stringify(entry.path)} as a ${entry.type}: a backup holds only files.`,
        );
      }
      admit(entry.path, entry.size);
      current = entry;
      yield { name: entry.path, size: entry.size, body: checkedBody(entry, () => failure) };
      current = null;
      // A body the caller left unread is skipped, so the next entry can come.
      entry.resume();
    }
  } finally {
    source.destroy();
    parser.removeAllListeners();
    parser.on("error", () => {});
  }
}

/** The body, refused if it ends short of (or past) its declared size: a truncated archive. */
async function* checkedBody(entry: ReadEntry, failure: () => unknown): AsyncGenerator<Buffer> {
  let read = 0;
  try {
    for await (const chunk of entry) {
      read += chunk.length;
      yield chunk;
    }
  } catch (e) {
    throw asRefusal(e);
  }
  const failed = failure();
  if (failed) throw asRefusal(failed);
  if (read !== entry.size) {
    throw new RefusedBackupError(
      `The backup is damaged: ${entry.path} ends after ${read} of ${entry.size} bytes.`,
    );
  }
}

function asRefusal(e: unknown): Error {
  if (e instanceof RefusedBackupError) return e;
  const message = e instanceof Error ? e.message : String(e);
  if ((e as NodeJS.ErrnoException)?.code === "ENOENT") return e as Error;
  return new RefusedBackupError(`The file is not a readable backup: ${message}`);
}
