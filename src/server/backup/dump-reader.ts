import { RefusedBackupError } from "./errors.ts";

/**
 * Reads a data-only dump in pg_dump's plain format: a few settings, then per
 * table `COPY "schema"."table" ("col", ...) FROM stdin;`, its rows in COPY's
 * text format and a `\.` line, then `SELECT pg_catalog.setval(...)` for
 * sequences. Both engines' backups are written in it (decision 015).
 *
 * Restore executes no text of the dump. This reader turns it into events (a
 * table and its columns, raw row lines, a sequence value) that the loader
 * checks against the live schema and feeds to COPY ... FROM STDIN itself. Any
 * line outside a data block that is not a setting, a comment or one of those
 * two shapes refuses the whole file: a dump that holds a statement was not
 * written by pg_dump --data-only, and nothing in it is trusted.
 */

export type DumpEvent =
  | { kind: "copy"; schema: string; table: string; columns: string[] }
  /** Whole row lines of the current table, each ending with "\n", as COPY's text format has them. */
  | { kind: "rows"; data: Buffer; count: number }
  | { kind: "end"; rows: number }
  | { kind: "setval"; schema: string; sequence: string; value: bigint; isCalled: boolean };

/** A row longer than this is no row of ours; the reader would otherwise buffer it whole. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

const NEWLINE = 0x0a;
const END_OF_DATA = Buffer.from("\\.");

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Settings pg_dump writes at the top. They are never run (restore sets its
 * own session); they are allowed so a genuine dump reads, and the encoding
 * is checked because the rows are sent as UTF-8.
 */
const SETTING = /^SET ([a-z_]+) = ('[A-Za-z0-9_ ,.-]{0,100}'|[A-Za-z0-9_.-]{1,100});$/;
const SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";
/** psql's guard lines around a dump (PostgreSQL 13.22+, 15.14+, 17.6+); restore does not use psql. */
const RESTRICT = /^\\(un)?restrict [A-Za-z0-9]{1,100}$/;
const COPY_HEADER = /^COPY (.+) \((.+)\) FROM stdin;$/;
const SETVAL = /^SELECT pg_catalog\.setval\('((?:[^']|'')+)', (-?\d{1,19}), (true|false)\);$/;

/** `"a"`, `a`, `"we""ird"`: one identifier as pg_dump prints it, or null. */
function readIdent(text: string, at: number): { name: string; next: number } | null {
  if (text[at] === '"') {
    let name = "";
    for (let i = at + 1; i < text.length; i++) {
      if (text[i] !== '"') {
        name += text[i];
      } else if (text[i + 1] === '"') {
        name += '"';
        i++;
      } else {
        return name ? { name, next: i + 1 } : null;
      }
    }
    return null;
  }
  const bare = /^[a-z_][a-z0-9_$]*/.exec(text.slice(at));
  return bare ? { name: bare[0], next: at + bare[0].length } : null;
}

/** Identifiers separated by `separator`, the whole text and nothing else; null if it is not that. */
function readIdentList(text: string, separator: string): string[] | null {
  const names: string[] = [];
  let at = 0;
  for (;;) {
    const ident = readIdent(text, at);
    if (!ident) return null;
    names.push(ident.name);
    if (ident.next === text.length) return names;
    if (!text.startsWith(separator, ident.next)) return null;
    at = ident.next + separator.length;
  }
}

function readQualified(text: string): { schema: string; name: string } | null {
  const parts = readIdentList(text, ".");
  return parts?.length === 2 ? { schema: parts[0]!, name: parts[1]! } : null;
}

const BIGINT_MIN = -(2n ** 63n);
const BIGINT_MAX = 2n ** 63n - 1n;

function refuse(line: number, why: string, text?: string): never {
  const shown =
    text === undefined ? "" : `: ${JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)}`;
  throw new RefusedBackupError(`db.sql line ${line} ${why}${shown}. Restore loads only data.`);
}

/** One line outside a data block: an event, or null for a line that carries nothing (settings, comments). */
function readStatementLine(text: string, line: number): DumpEvent | null {
  if (text === "" || text.startsWith("--") || text === SEARCH_PATH || RESTRICT.test(text)) return null;
  const setting = SETTING.exec(text);
  if (setting) {
    if (setting[1] === "client_encoding" && setting[2] !== "'UTF8'") {
      refuse(line, "names an encoding other than UTF8", text);
    }
    return null;
  }
  const copy = COPY_HEADER.exec(text);
  if (copy) {
    const table = readQualified(copy[1]!);
    const columns = readIdentList(copy[2]!, ", ");
    if (!table || !columns) refuse(line, "is not a COPY of named columns from stdin", text);
    return { kind: "copy", schema: table.schema, table: table.name, columns };
  }
  const setval = SETVAL.exec(text);
  if (setval) {
    const sequence = readQualified(setval[1]!.replaceAll("''", "'"));
    const value = BigInt(setval[2]!);
    if (!sequence || value < BIGINT_MIN || value > BIGINT_MAX) refuse(line, "is not a sequence value", text);
    return {
      kind: "setval",
      schema: sequence.schema,
      sequence: sequence.name,
      value,
      isCalled: setval[3] === "true",
    };
  }
  refuse(line, "is not data", text);
}

/**
 * The events of a dump arriving as bytes cut anywhere. Row lines are passed
 * on as they are (the database parses them, as data, into the columns the
 * loader named); only lines outside data blocks are decoded and matched.
 */
export async function* readDump(chunks: AsyncIterable<Buffer>): AsyncGenerator<DumpEvent> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  // The unfinished last line, in pieces: joined only once its end arrives, so
  // a long row cut into many chunks is copied once, not once per chunk.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let line = 0;
  let inCopy = false;
  let rows = 0;

  for await (const chunk of chunks) {
    if (chunk.indexOf(NEWLINE) < 0) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes > MAX_LINE_BYTES) refuse(line + 1, `is longer than ${MAX_LINE_BYTES} bytes`);
      continue;
    }
    const buffer = pendingBytes > 0 ? Buffer.concat([...pending, chunk]) : chunk;
    let start = 0;
    // A run of row lines is passed on as one slice.
    let runStart = -1;
    let runCount = 0;
    for (let end = buffer.indexOf(NEWLINE, start); end >= 0; end = buffer.indexOf(NEWLINE, start)) {
      line++;
      if (inCopy) {
        const isEnd =
          end - start === END_OF_DATA.length && buffer.compare(END_OF_DATA, 0, 2, start, end) === 0;
        if (!isEnd) {
          if (runStart < 0) runStart = start;
          runCount++;
        } else {
          if (runCount > 0) yield { kind: "rows", data: buffer.subarray(runStart, start), count: runCount };
          rows += runCount;
          runStart = -1;
          runCount = 0;
          yield { kind: "end", rows };
          inCopy = false;
        }
      } else {
        let text: string;
        try {
          text = decoder.decode(buffer.subarray(start, end));
        } catch {
          refuse(line, "is not UTF-8 text");
        }
        const event = readStatementLine(text, line);
        if (event) yield event;
        if (event?.kind === "copy") {
          inCopy = true;
          rows = 0;
        }
      }
      start = end + 1;
    }
    if (runCount > 0) {
      yield { kind: "rows", data: buffer.subarray(runStart, start), count: runCount };
      rows += runCount;
    }
    const rest = buffer.subarray(start);
    pending = rest.length > 0 ? [rest] : [];
    pendingBytes = rest.length;
    if (pendingBytes > MAX_LINE_BYTES) refuse(line + 1, `is longer than ${MAX_LINE_BYTES} bytes`);
  }
  if (inCopy) refuse(line, "ends inside a table's data (no \\. line)");
  if (pendingBytes > 0) {
    let text: string;
    try {
      text = decoder.decode(Buffer.concat(pending));
    } catch {
      refuse(line + 1, "is not UTF-8 text");
    }
    const event = readStatementLine(text, line + 1);
    if (event?.kind === "copy") refuse(line + 1, "starts a table's data at the end of the file");
    if (event) yield event;
  }
}
