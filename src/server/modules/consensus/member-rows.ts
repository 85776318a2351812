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
   * A view of the values: of the array filled when it is nearly full (a
   * refresh sizes its builder in advance, and a copy here was one more pass
   * over a million lists' entries on the main thread), else of a copy with a
   * sixteenth to spare, so that the next refresh can replace members in it
   * (replaceMembers). At most an eighth is kept unused.
   */
  done(): A {
    if (this.data.length - this.length <= this.length / 8) return this.data.subarray(0, this.length) as A;
    const copy = this.make(this.length + Math.ceil(this.length / 16));
    copy.set(this.data.subarray(0, this.length));
    return copy.subarray(0, this.length) as A;
  }
}

const int32 = (length: number) => new Int32Array(length);
const int16 = (length: number) => new Int16Array(length);

/** Builds MemberRows a member at a time, rows of a member one after another. */
export class MemberRowsBuilder {
  private readonly members: string[] = [];
  private readonly rowStart: IntColumn<Int32Array>;
  private readonly offsets: IntColumn<Int32Array>;
  private readonly values: IntColumn<Int16Array>;
  private open: string | null = null;

  /** The hints size the arrays (values, rows, members) to hold so many without growing. */
  constructor(hint: { values?: number; rows?: number; members?: number } = {}) {
    this.values = new IntColumn(int16, hint.values);
    this.offsets = new IntColumn(int32, hint.rows === undefined ? undefined : hint.rows + 1);
    this.rowStart = new IntColumn(int32, hint.members === undefined ? undefined : hint.members + 1);
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
  const out = new MemberRowsBuilder({ values: rows.values.length, rows: rows.offsets.length - 1 });
  for (const m of order) out.copy(rows, m);
  return out.done();
}

/** Members m .. end - 1 of `rows`: a piece of what replaceMembers answers. */
interface Run {
  rows: MemberRows;
  m: number;
  end: number;
}

/**
 * `old` with the members in `changed` replaced by what `fresh` holds of
 * them (a changed member absent from `fresh` has no rows left). Both sorted;
 * so is the answer. `old` is consumed: the answer is written into its own
 * arrays when they have room (they are made with some), so that a refresh
 * at a million lists does not hold a second copy of every entry while it
 * runs (26 MB); otherwise into new arrays with room. Unchanged members move
 * a run at a time.
 */
export function replaceMembers(old: MemberRows, fresh: MemberRows, changed: ReadonlySet<string>): MemberRows {
  const runs = mergedRuns(old, fresh, changed);
  const inPlace = replaceInPlace(old, runs);
  if (inPlace) return inPlace;
  const room = (n: number) => n + Math.ceil(n / 16);
  const out = new MemberRowsBuilder({
    values: room(old.values.length + fresh.values.length),
    rows: room(old.offsets.length + fresh.offsets.length),
    members: room(old.members.length + fresh.members.length),
  });
  for (const run of runs) out.copy(run.rows, run.m, run.end);
  return out.done();
}

/** The answer's members as runs of `old`'s and `fresh`'s, in order. */
function mergedRuns(old: MemberRows, fresh: MemberRows, changed: ReadonlySet<string>): Run[] {
  const runs: Run[] = [];
  const add = (rows: MemberRows, m: number, end: number) => {
    if (end > m) runs.push({ rows, m, end });
  };
  // Old members from `kept` on are unchanged and not yet taken: taken together when the run ends.
  let kept = 0;
  let j = 0;
  for (let i = 0; i < old.members.length; i++) {
    const id = old.members[i]!;
    if (j < fresh.members.length && fresh.members[j]! < id) {
      add(old, kept, i);
      kept = i;
      const first = j;
      while (j < fresh.members.length && fresh.members[j]! < id) j++;
      add(fresh, first, j);
    }
    if (changed.has(id)) {
      add(old, kept, i);
      kept = i + 1;
    }
  }
  add(old, kept, old.members.length);
  add(fresh, j, fresh.members.length);
  return runs;
}

/** The runs written into `old`'s own arrays, or null when those lack the room. */
function replaceInPlace(old: MemberRows, runs: Run[]): MemberRows | null {
  let memberCount = 0;
  let rowCount = 0;
  let valueCount = 0;
  const at = runs.map((run) => {
    const { rowStart, offsets } = run.rows;
    const firstRow = rowStart[run.m]!;
    const endRow = rowStart[run.end]!;
    const place = { member: memberCount, row: rowCount, value: valueCount, firstRow, endRow };
    memberCount += run.end - run.m;
    rowCount += endRow - firstRow;
    valueCount += offsets[endRow]! - offsets[firstRow]!;
    return place;
  });
  const whole = <A extends Int32Array | Int16Array>(a: A, need: number): A | null =>
    a.byteOffset === 0 && a.buffer.byteLength / a.BYTES_PER_ELEMENT >= need
      ? (new (a.constructor as new (b: ArrayBufferLike) => A)(a.buffer) as A)
      : null;
  const values = whole(old.values, valueCount);
  const offsets = whole(old.offsets, rowCount + 1);
  const rowStart = whole(old.rowStart, memberCount + 1);
  if (!values || !offsets || !rowStart) return null;

  // Old runs first, within the arrays (their sources would be overwritten by
  // fresh ones), then fresh runs, copied in.
  const moves: Record<"values" | "offsets" | "rowStart", Move[]> = { values: [], offsets: [], rowStart: [] };
  runs.forEach((run, k) => {
    if (run.rows !== old) return;
    const to = at[k]!;
    const firstValue = old.offsets[to.firstRow]!;
    moves.values.push({
      from: firstValue,
      to: to.value,
      length: old.offsets[to.endRow]! - firstValue,
      add: 0,
    });
    moves.offsets.push({
      from: to.firstRow + 1,
      to: to.row + 1,
      length: to.endRow - to.firstRow,
      add: to.value - firstValue,
    });
    moves.rowStart.push({
      from: run.m + 1,
      to: to.member + 1,
      length: run.end - run.m,
      add: to.row - to.firstRow,
    });
  });
  moveRuns(values, moves.values);
  moveRuns(offsets, moves.offsets);
  moveRuns(rowStart, moves.rowStart);
  runs.forEach((run, k) => {
    if (run.rows === old) return;
    const to = at[k]!;
    const from = run.rows;
    const firstValue = from.offsets[to.firstRow]!;
    values.set(from.values.subarray(firstValue, from.offsets[to.endRow]!), to.value);
    for (let r = to.firstRow; r < to.endRow; r++)
      offsets[to.row + 1 + r - to.firstRow] = from.offsets[r + 1]! + to.value - firstValue;
    for (let m = run.m; m < run.end; m++)
      rowStart[to.member + 1 + m - run.m] = from.rowStart[m + 1]! + to.row - to.firstRow;
  });
  const members: string[] = [];
  for (const run of runs) for (let m = run.m; m < run.end; m++) members.push(run.rows.members[m]!);
  return {
    members,
    rowStart: rowStart.subarray(0, memberCount + 1),
    offsets: offsets.subarray(0, rowCount + 1),
    values: values.subarray(0, valueCount),
  };
}

/** Elements `from` .. `from + length - 1` to `to` onwards, each plus `add`. */
interface Move {
  from: number;
  to: number;
  length: number;
  add: number;
}

/**
 * Moves runs that keep their order and do not overlap where they end up:
 * those moving down first, front to back, then those moving up, back to
 * front, so that no run is written over before it has moved.
 */
function moveRuns(array: Int32Array | Int16Array, moves: Move[]): void {
  const one = ({ from, to, length, add }: Move) => {
    if (add === 0) array.copyWithin(to, from, from + length);
    else if (to <= from) for (let i = 0; i < length; i++) array[to + i] = array[from + i]! + add;
    else for (let i = length - 1; i >= 0; i--) array[to + i] = array[from + i]! + add;
  };
  for (const move of moves) if (move.to < move.from || (move.to === move.from && move.add !== 0)) one(move);
  for (let k = moves.length - 1; k >= 0; k--) if (moves[k]!.to > moves[k]!.from) one(moves[k]!);
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
