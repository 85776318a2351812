/**
 * Reads the backend's answer to a bind / execute / sync of a prepared
 * statement straight from its bytes. PGlite's own reader turns every column
 * value into a string by copying it into an ArrayBuffer of its own first
 * (`BufferReader.bytes` slices the buffer); under the mixed benchmark that
 * copy alone was 8 % of the server's CPU (docs/performance.md, "A slower
 * machine; answers read in place, ..."). Here a value is decoded from the
 * answer's bytes where it lies.
 *
 * Only what such an answer holds is read: data rows, the command tag and
 * whether an error came. An answer with an error (or anything unexpected)
 * goes to PGlite's own reader, so errors keep every field PGlite gives them.
 */
import { protocol } from "@electric-sql/pglite";

export interface Answer {
  /** Each data row's column values as text; null for SQL NULL. */
  rows: (string | null)[][];
  /** The command tag ("SELECT 3", "UPDATE 1"); null when none came. */
  command: string | null;
}

// Backend message types (PostgreSQL's frontend/backend protocol, version 3).
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const BIND_COMPLETE = 0x32; // '2'
const READY_FOR_QUERY = 0x5a; // 'Z'
const EMPTY_QUERY = 0x49; // 'I'
const PORTAL_SUSPENDED = 0x73; // 's'
const NO_DATA = 0x6e; // 'n'

/** Collects an answer that arrives in pieces; each piece is copied (PGlite reuses its memory). */
export class AnswerBytes {
  private bytes = new Uint8Array(4096);
  private length = 0;

  readonly add = (piece: Uint8Array): void => {
    const needed = this.length + piece.length;
    if (needed > this.bytes.length) {
      const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes.set(piece, this.length);
    this.length = needed;
  };

  get all(): Buffer {
    return Buffer.from(this.bytes.buffer, this.bytes.byteOffset, this.length);
  }
}

/**
 * The answer in `bytes`; an error the backend sent is thrown as PGlite's
 * DatabaseError, and any message this reader does not expect sends the whole
 * answer through PGlite's reader instead (`slowPath`).
 */
export function readAnswer(bytes: Buffer): Answer {
  const rows: (string | null)[][] = [];
  let command: string | null = null;
  let at = 0;
  while (at + 5 <= bytes.length) {
    const type = bytes[at]!;
    const length = bytes.readInt32BE(at + 1);
    const body = at + 5;
    const end = at + 1 + length;
    if (end > bytes.length) break;
    if (type === DATA_ROW) {
      const count = bytes.readInt16BE(body);
      const row = new Array<string | null>(count);
      let field = body + 2;
      for (let i = 0; i < count; i++) {
        const size = bytes.readInt32BE(field);
        field += 4;
        if (size < 0) row[i] = null;
        else {
          row[i] = bytes.toString("utf8", field, field + size);
          field += size;
        }
      }
      rows.push(row);
    } else if (type === COMMAND_COMPLETE) {
      // A NUL-terminated tag.
      command = bytes.toString("latin1", body, end - 1);
    } else if (
      type !== BIND_COMPLETE &&
      type !== READY_FOR_QUERY &&
      type !== EMPTY_QUERY &&
      type !== PORTAL_SUSPENDED &&
      type !== NO_DATA
    ) {
      return slowPath(bytes);
    }
    at = end;
  }
  return { rows, command };
}

/** PGlite's own reading of the answer: its errors, notices and all. */
function slowPath(bytes: Buffer): Answer {
  const rows: (string | null)[][] = [];
  let command: string | null = null;
  let error: Error | null = null;
  new protocol.Parser().parse(bytes, (message) => {
    if (message instanceof protocol.messages.DatabaseError) error ??= message;
    else if (message instanceof protocol.messages.DataRowMessage) rows.push(message.fields);
    else if (message instanceof protocol.messages.CommandCompleteMessage) command = message.text;
  });
  if (error) throw error;
  return { rows, command };
}
