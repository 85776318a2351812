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
  entries: AsyncIterable<TarEntry> | Iterable<TarEntry>,
): AsyncGenerator<Buffer> {
  const mtime = Math.floor(Date.now() / 1000);
  for await (const { name, body } of entries) {
    let shortName = name;
    if (Buffer.byteLength(name) > 100) {
      const pax = paxRecord("path", name);
      yield header("PaxHeader", pax.length, "x", mtime);
      yield pax;
      yield padding(pax.length);
      shortName = name.slice(0, 100);
    }
    yield header(shortName, body.length, "0", mtime);
    yield body;
    yield padding(body.length);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Reads the entries of an archive from a stream of chunks of any size; only regular files are returned. */
export async function* readTar(chunks: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
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
    longName = null;
    if (type === "0") yield { name, body };
  }
}
