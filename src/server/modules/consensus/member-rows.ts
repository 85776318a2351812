import type { RankedLists } from "./model/index.ts";

/**
 * Rows of integers grouped by member, members in a fixed order (their ids in
 * code-unit order), kept between consensus refreshes so that a refresh reads
 * again only the members whose lists or submissions changed
 * (ballot-reader.ts). A member's lists are rows of catalogue indices; a
 * Global Rankings submission is one row of ten slots.
 *
 * Typed arrays, not an object per row: at a million lists, objects would
 * cost the server hundreds of megabytes for as long as it runs. The values
 * are 16-bit (a catalogue index, or -1 for an empty slot: catalogues hold a
 * few thousand entries at most): at a million lists they were 45 of the
 * 55 MB these rows keep as 32-bit integers (docs/performance.md, "Memory at
 * a million lists").
 */
export interface MemberRows {
  /** Member ids, ascending (code-unit order: the same in every process and engine). */
  readonly members: readonly string[];
  /** Member m's rows are rowStart[m] .. rowStart[m + 1] - 1; length members + 1. */
  readonly rowStart: Int32Array;
  /** Row r is values[offsets[r]] .. values[offsets[r + 1] - 1]; length rows + 1. */
  readonly offsets: Int32Array;
  readonly values: Int16Array;
}

/** Thrown for a value a row cannot hold (MemberRows keeps 16-bit values). */
function checkedValue(value: number): number {
  if (value < -32768 || value > 32767 || !Number.isInteger(value))
    throw new RangeError(`a member row's value must be a 16-bit integer, not ${value}`);
  return value;
}

type IntArray = Int32Array | Int16Array;

/** A growable typed array of integers (32-bit for positions, 16-bit for values). */
class IntColumn<A extends IntArray> {
  private data: A;
  length = 0;
  constructor(
    private readonly make: (length: number) => A,
    capacity = 1024,
  ) {
    this.data = make(Math.max(capacity, 16));
  }
  private room(n: number): void {
    if (this.length + n <= this.data.length) return;
    let size = this.data.length * 2;
    while (size < this.length + n) size *= 2;
    const bigger = this.make(size);
    bigger.set(this.data.subarray(0, this.length));
    this.data = bigger;
  }
  push(value: number): void {
    this.room(1);
    this.data[this.length++] = value;
  }
  pushAll(values: A): void {
    this.room(values.length);
    this.data.set(values, this.length);
    this.length += values.length;
  }
  /** Each of `values` plus `shift`. */
  pushShifted(values: IntArray, shift: number): void {
    this.room(values.length);
    for (let i = 0; i < values.length; i++) this.data[this.length + i] = values[i]! + shift;
    this.length += values.length;
  }
  /**
   * The values, in an array of their own size, or a view of the one filled
   * when it is nearly full: a refresh sizes its builder in advance
   * (replaceMembers), and the copy here was one more pass over a million
   * lists' entries on the main thread. At most an eighth is kept unused.
   */
  done(): A {
    const spare = this.data.length - this.length;
    return (
      spare <= this.length / 8 ? this.data.subarray(0, this.length) : this.data.slice(0, this.length)
    ) as A;
  }
}

const int32 = (length: number) => new Int32Array(length);
const int16 = (length: number) => new Int16Array(length);

/** Builds MemberRows a member at a time, rows of a member one after another. */
export class MemberRowsBuilder {
  private readonly members: string[] = [];
  private readonly rowStart = new IntColumn(int32);
  private readonly offsets = new IntColumn(int32);
  private readonly values: IntColumn<Int16Array>;
  private open: string | null = null;

  constructor(valuesHint = 1024) {
    this.values = new IntColumn(int16, valuesHint);
    this.rowStart.push(0);
    this.offsets.push(0);
  }

  /** Adds a row for `member`; a member's rows must come one after another. Empty rows are left out. */
  row(member: string, values: readonly number[]): void {
    if (values.length === 0) return;
    if (member !== this.open) {
      this.closeMember();
      this.open = member;
    }
    for (const v of values) this.values.push(checkedValue(v));
    this.offsets.push(this.values.length);
  }

  /**
   * Copies members m .. end - 1 of `from`, every row, in one go: a refresh
   * copies the runs of unchanged members between the changed ones (member
   * by member took 1.4 times as long at a million lists' entries).
   */
  copy(from: MemberRows, m: number, end = m + 1): void {
    if (end <= m) return;
    this.closeMember();
    const firstRow = from.rowStart[m]!;
    const endRow = from.rowStart[end]!;
    const rowsBefore = this.offsets.length - 1;
    this.values.pushAll(from.values.subarray(from.offsets[firstRow]!, from.offsets[endRow]!));
    this.offsets.pushShifted(
      from.offsets.subarray(firstRow + 1, endRow + 1),
      this.values.length - from.offsets[endRow]!,
    );
    for (let i = m; i < end; i++) this.members.push(from.members[i]!);
    this.rowStart.pushShifted(from.rowStart.subarray(m + 1, end + 1), rowsBefore - firstRow);
  }

  private closeMember(): void {
    if (this.open === null) return;
    this.members.push(this.open);
    this.rowStart.push(this.offsets.length - 1);
    this.open = null;
  }

  /** The rows, members sorted (a member's rows keep their order). */
  done(): MemberRows {
    this.closeMember();
    const built: MemberRows = {
      members: this.members,
      rowStart: this.rowStart.done(),
      offsets: this.offsets.done(),
      values: this.values.done(),
    };
    return sortMembers(built);
  }
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sortMembers(rows: MemberRows): MemberRows {
  const { members } = rows;
  let sorted = true;
  for (let m = 1; m < members.length && sorted; m++) sorted = members[m - 1]! < members[m]!;
  if (sorted) return rows;
  const order = members.map((_, m) => m).sort((a, b) => byCodeUnits(members[a]!, members[b]!));
  const out = new MemberRowsBuilder(rows.values.length);
  for (const m of order) out.copy(rows, m);
  return out.done();
}

/**
 * `old` with the members in `changed` replaced by what `fresh` holds of
 * them (a changed member absent from `fresh` has no rows left). Both sorted;
 * so is the answer. Unchanged members are copied a run at a time.
 */
export function replaceMembers(old: MemberRows, fresh: MemberRows, changed: ReadonlySet<string>): MemberRows {
  const out = new MemberRowsBuilder(old.values.length + fresh.values.length);
  // Old members from `kept` on are unchanged and not yet copied: copied together when the run ends.
  let kept = 0;
  let j = 0;
  for (let i = 0; i < old.members.length; i++) {
    const id = old.members[i]!;
    if (j < fresh.members.length && fresh.members[j]! < id) {
      out.copy(old, kept, i);
      kept = i;
      while (j < fresh.members.length && fresh.members[j]! < id) out.copy(fresh, j++);
    }
    if (changed.has(id)) {
      out.copy(old, kept, i);
      kept = i + 1;
    }
  }
  out.copy(old, kept, old.members.length);
  while (j < fresh.members.length) out.copy(fresh, j++);
  return out.done();
}

/**
 * The rows as the model takes them: their own arrays, not copies, and a
 * list's member (which the rows keep as runs) spelt out. The fit's worker
 * thread gets the arrays moved to it and moves them back when done
 * (ballot-reader.ts, `giveBack`): copies for it took PGlite's server past
 * 400 MB during refits at a million lists. Not shared memory: V8 frees a
 * SharedArrayBuffer no one holds only at its next full collection, which
 * it does not hasten for their size, so each refresh's stayed resident
 * (docs/performance.md, "A refit's memory at a million lists").
 */
export function toRankedLists(rows: MemberRows): RankedLists {
  const member = new Int32Array(rows.offsets.length - 1);
  for (let m = 0; m < rows.members.length; m++) member.fill(m, rows.rowStart[m]!, rows.rowStart[m + 1]!);
  return { memberCount: rows.members.length, member, offsets: rows.offsets, items: rows.values };
}
