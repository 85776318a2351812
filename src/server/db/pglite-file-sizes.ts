/**
 * PostgreSQL asks a relation's size (mdnblocks: lseek to the file's end) each
 * time it plans a statement, scans a table or extends one, and PGlite's
 * Node file system answers every such seek with an fstat call: about 700 a
 * second under the mixed workload, 2 % of the server's main thread
 * (docs/performance.md, "File sizes remembered"). Every change to a file of
 * this database goes through the same file system in this process (PGlite
 * holds the data directory's lock), so a relation file's size can be
 * remembered from the first seek and moved by the writes that extend it.
 *
 * Only relation files are remembered (base/<database>/<file> and
 * global/<file>): PostgreSQL never renames them, and a new relation gets a
 * new file, so a remembered size always belongs to the file it was read
 * from. A truncation (TRUNCATE's old file, VACUUM's trimmed tail, the
 * space reserved by fallocate) forgets the size; the next seek reads it again.
 */
import type { PGlite } from "@electric-sql/pglite";

const SEEK_END = 2;
const PATCHED = Symbol("relation sizes remembered");

/** The part of Emscripten's file-system node this needs. */
interface FsNode {
  name: string;
  parent: FsNode;
}

interface FsStream {
  node: FsNode;
}

type StreamOps = {
  llseek(stream: FsStream, offset: number, whence: number): number;
  write(
    stream: FsStream,
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number,
    canOwn?: boolean,
  ): number;
  setattr(stream: FsStream, attr: object): void;
};

type NodeOps = { setattr(node: FsNode, attr: object): void };

const RELATION_FILE = /^\d+(?:_[a-z]+)?(?:\.\d+)?$/;
const DIGITS = /^\d+$/;

/** A data file of a table or index: base/<database oid>/<relfilenode> or global/<relfilenode>. */
export function isRelationFile(node: FsNode): boolean {
  if (!RELATION_FILE.test(node.name)) return false;
  const dir = node.parent;
  return dir.name === "global" || (DIGITS.test(dir.name) && dir.parent.name === "base");
}

/** Makes the client's file system remember relation files' sizes (see above). Once per client. */
export function rememberRelationSizes(client: PGlite): void {
  const nodefs = client.Module.NODEFS as unknown as {
    stream_ops: StreamOps;
    node_ops: NodeOps;
    [PATCHED]?: true;
  };
  if (nodefs[PATCHED]) return;
  nodefs[PATCHED] = true;
  const streamOps = nodefs.stream_ops;
  const nodeOps = nodefs.node_ops;
  const { llseek, write, setattr: streamSetattr } = streamOps;
  const { setattr: nodeSetattr } = nodeOps;
  const sizes = new WeakMap<FsNode, number>();
  const relation = new WeakMap<FsNode, boolean>();
  const isRelation = (node: FsNode) => {
    let known = relation.get(node);
    if (known === undefined) relation.set(node, (known = isRelationFile(node)));
    return known;
  };

  streamOps.llseek = function (stream, offset, whence) {
    if (whence !== SEEK_END || !isRelation(stream.node)) return llseek.call(this, stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek.call(this, stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    // A negative position is the original's error (EINVAL) to give.
    return size + offset < 0 ? llseek.call(this, stream, offset, whence) : size + offset;
  };
  streamOps.write = function (stream, buffer, offset, length, position, canOwn) {
    let written: number;
    try {
      written = write.call(this, stream, buffer, offset, length, position, canOwn);
    } catch (error) {
      sizes.delete(stream.node);
      throw error;
    }
    const size = sizes.get(stream.node);
    if (size !== undefined && position + written > size) sizes.set(stream.node, position + written);
    return written;
  };
  streamOps.setattr = function (stream, attr) {
    sizes.delete(stream.node);
    streamSetattr.call(this, stream, attr);
  };
  nodeOps.setattr = function (node, attr) {
    sizes.delete(node);
    nodeSetattr.call(this, node, attr);
  };
}
