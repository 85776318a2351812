import type { CategoryJob } from "./compute-consensus.ts";
import type { SliceBallots } from "./model/index.ts";

/**
 * A fingerprint of everything a slice's fit reads: its items (by id, so a
 * catalogue renumbered by a new season changes it), their groups, the least
 * number of ballots to rank, and the ballots themselves. Two slices with the
 * same fingerprint have the same consensus, so a refresh fits only the
 * slices whose fingerprint moved since the last one it stored
 * (docs/decisions/018-consensus-refresh.md, amended 2026-12-04).
 *
 * The ballots are hashed one by one and the hashes added up, so the order
 * of the members does not count: the reader may number them differently
 * from one refresh to the next. Inside a ballot order counts (a member's
 * lists come in the same order while they are unchanged; if not, a fit too
 * many is the only cost). Two 32-bit lanes with different seeds, with the
 * counts of ballots, rankings and entries beside them: a stale consensus
 * from a collision needs both lanes and all three counts to agree.
 *
 * A Global Rankings category's ranges are fingerprinted the same way: its
 * castaways in their name order, and each submission's ten slots.
 */

const SEED_A = 0x2f6b_1c3d;
const SEED_B = 0x5a0e_97c1;

/** One 32-bit word into a running MurmurHash3 (x86, 32-bit) state. */
function mixWord(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** MurmurHash3's final avalanche, so that adding hashes up stays well spread. */
function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

class TwoLanes {
  a = SEED_A;
  b = SEED_B;
  add(word: number): void {
    this.a = mixWord(this.a, word);
    this.b = mixWord(this.b, word);
  }
  addText(text: string): void {
    this.add(text.length);
    for (let i = 0; i < text.length; i++) this.add(text.charCodeAt(i));
  }
}

/** Adds up the hashes of `count` records, in any order; `hashRecord` feeds one record's words to its lanes. */
function sumOfRecords(
  count: number,
  hashRecord: (lanes: TwoLanes, record: number) => void,
): [number, number] {
  let sumA = 0;
  let sumB = 0;
  for (let record = 0; record < count; record++) {
    const lanes = new TwoLanes();
    hashRecord(lanes, record);
    sumA = (sumA + finish(lanes.a)) >>> 0;
    sumB = (sumB + finish(lanes.b)) >>> 0;
  }
  return [sumA, sumB];
}

const hex = (n: number) => n.toString(16).padStart(8, "0");

export function sliceFingerprint(slice: SliceBallots, ids: readonly string[], minBallots: number): string {
  const head = new TwoLanes();
  head.add(slice.itemCount);
  head.add(slice.groupCount);
  head.add(minBallots);
  for (let i = 0; i < slice.itemCount; i++) {
    head.addText(ids[slice.catalogueItems[i]!] ?? "");
    head.add(slice.groupOf ? slice.groupOf[i]! : -1);
  }

  const { ballotOffsets, rankingOffsets, items, weights, scopes } = slice.ballots;
  // A weight's 64 bits as two words, read in place.
  const weightWords = new Uint32Array(weights.buffer, weights.byteOffset, weights.length * 2);
  const ballotCount = ballotOffsets.length - 1;
  const [sumA, sumB] = sumOfRecords(ballotCount, (ballot, b) => {
    for (let r = ballotOffsets[b]!; r < ballotOffsets[b + 1]!; r++) {
      ballot.add(scopes[r]!);
      ballot.add(weightWords[2 * r]!);
      ballot.add(weightWords[2 * r + 1]!);
      ballot.add(rankingOffsets[r + 1]! - rankingOffsets[r]!);
      for (let e = rankingOffsets[r]!; e < rankingOffsets[r + 1]!; e++) ballot.add(items[e]!);
    }
  });
  const rankingCount = rankingOffsets.length - 1;
  const entryCount = rankingCount > 0 ? rankingOffsets[rankingCount]! - rankingOffsets[0]! : 0;
  return [
    ballotCount,
    rankingCount,
    entryCount,
    hex(finish(head.a)),
    hex(finish(head.b)),
    hex(sumA),
    hex(sumB),
  ].join(":");
}

export function categoryFingerprint(category: CategoryJob, slotsPerSubmission: number): string {
  const head = new TwoLanes();
  head.add(category.castawayIds.length);
  category.castawayIds.forEach((id, i) => {
    head.addText(id);
    head.add(category.nameOrder[i]!);
  });
  const { slots } = category;
  const submissions = Math.floor(slots.length / slotsPerSubmission);
  const [sumA, sumB] = sumOfRecords(submissions, (submission, s) => {
    for (let j = s * slotsPerSubmission; j < (s + 1) * slotsPerSubmission; j++) submission.add(slots[j]!);
  });
  return [submissions, hex(finish(head.a)), hex(finish(head.b)), hex(sumA), hex(sumB)].join(":");
}
