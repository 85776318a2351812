/**
 * Just enough of the tar format (POSIX ustar, with a pax header for long
 * names) for backups: regular files, written and read as streams of blocks.
 * Any tar tool can list or unpack what this writes.
 */

const BLOCK = 512;

export interface TarEntry {
  name: string;
  body: Buffer;
}

/** An entry too big to hold in memory: its size is known up front (tar needs it in the header). */
export interface TarStreamEntry {
  name: string;
  size: number;
  chunks: AsyncIterable<Buffer>;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name: string, size: number, type: "0" | "x", mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, "utf8");
  block.write(octal(0o644, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(mtime, 12), 136, "ascii");
  block.write(" ".repeat(8), 148, "ascii");
  block.write(type, 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + " ", 148, "ascii");
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** A pax record "LEN key=value\n", where LEN counts the whole record, its own digits included. */
function paxRecord(key: string, value: string): Buffer {
  const rest = ` ${key}=${value}\n`;
  const restLength = Buffer.byteLength(rest);
  let length = restLength + 1;
  while (length !== restLength + String(length).length) length = restLength + String(length).length;
  return Buffer.from(`${length}${rest}`);
}

/** The blocks of one archive holding `entries`, in order, ending with the two empty blocks tar expects. */
export async function* writeTar(
  entries: AsyncIterable<TarEntry | TarStreamEntry> | Iterable<TarEntry | TarStreamEntry>,
): AsyncGenerator<Buffer> {
  const mtime = Math.floor(Date.now() / 1000);
  for await (const entry of entries) {
    const name = entry.name;
    const size = "body" in entry ? entry.body.length : entry.size;
    let shortName = name;
    if (Buffer.byteLength(name) > 100) {
      const pax = paxRecord("path", name);
      yield header("PaxHeader", pax.length, "x", mtime);
      yield pax;
      yield padding(pax.length);
      shortName = name.slice(0, 100);
    }
    yield header(shortName, size, "0", mtime);
    if ("body" in entry) {
      yield entry.body;
    } else {
      let written = 0;
      for await (const chunk of entry.chunks) {
        written += chunk.length;
        if (written > size) break;
        yield chunk;
      }
      // A short or long body would shift every block after it: the archive would be garbage.
      if (written !== size) throw new Error(`${name} changed size while it was archived.`);
    }
    yield padding(size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Reads the entries of an archive from a stream of chunks of any size; only regular files are returned. */
export async function* readTar(chunks: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  for await (const entry of readTarStream(chunks)) {
    const parts: Buffer[] = [];
    for await (const part of entry.chunks) parts.push(part);
    yield { name: entry.name, body: Buffer.concat(parts) };
  }
}

/**
 * As readTar, but each body arrives as chunks, so a database dump of any size
 * goes through without being held whole. A body not read to its end is
 * skipped when the next entry is asked for.
 */
export async function* readTarStream(chunks: AsyncIterable<Buffer>): AsyncGenerator<TarStreamEntry> {
  let buffered: Buffer = Buffer.alloc(0);
  const source = chunks[Symbol.asyncIterator]();
  const take = async (size: number): Promise<Buffer> => {
    const parts = [buffered];
    let have = buffered.length;
    while (have < size) {
      const next = await source.next();
      if (next.done) throw new Error("The backup file is truncated.");
      parts.push(next.value);
      have += next.value.length;
    }
    const all = parts.length === 1 ? buffered : Buffer.concat(parts);
    buffered = all.subarray(size);
    return all.subarray(0, size);
  };

  let longName: string | null = null;
  for (;;) {
    const block = await take(BLOCK);
    if (block.every((b) => b === 0)) return;
    const field = (start: number, length: number) =>
      block.toString("utf8", start, start + length).replace(/\0.*$/s, "");
    const size = parseInt(field(124, 12).trim() || "0", 8);
    const type = field(156, 1) || "0";
    const prefix = field(345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    if (type === "0") {
      longName = null;
      let left = size;
      const body = async function* () {
        while (left > 0) {
          if (buffered.length === 0) {
            const next = await source.next();
            if (next.done) throw new Error("The backup file is truncated.");
            buffered = next.value;
          }
          const part = buffered.subarray(0, Math.min(left, buffered.length));
          buffered = buffered.subarray(part.length);
          left -= part.length;
          yield part;
        }
      };
      yield { name, size, chunks: body() };
      for await (const _ of body()) void _; // whatever the reader left
      await take((BLOCK - (size % BLOCK)) % BLOCK);
      continue;
    }
    const body = Buffer.from(await take(size));
    await take((BLOCK - (size % BLOCK)) % BLOCK);
    if (type === "x") {
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString("utf8"));
      longName = path ? path[1]! : null;
      continue;
    }
    if (type === "L") {
      longName = body.toString("utf8").replace(/\0.*$/s, "");
      continue;
    }
    longName = null; // another type of entry (a directory, a link): not ours, skipped
  }
}
