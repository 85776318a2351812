import type { Partition, RankedLists, SliceBallots } from "./types.ts";

/**
 * Turns members' lists into the ballots of each slice of a partition, in one
 * pass over the lists.
 *
 * - A list restricted to a slice keeps the slice's items in the list's order
 *   (a top-k of the catalogue restricted to a slice is a top-k of the slice).
 *   A list with no item in the slice is not part of that slice's ballots.
 * - One member, one voice: a member's m lists that reach the slice weigh 1/m
 *   each, so the member's ballot weighs 1 whatever m is. Rankings a member
 *   made more than once (the same items in the same order) are kept once with
 *   the sum of their weights, so 500 copies of a list give exactly the same
 *   ballot as one copy (docs/decisions/016-consensus-model.md, "Ballots").
 * - With groups (Partition.groupOf), a ranking whose items all lie in one
 *   group is scoped to that group (see Ballots.scopes).
 * - An item repeated within a list counts at its first place only.
 *
 * Slice-local indices follow ascending catalogue order.
 *
 * The slices' arrays are views into five shared buffers. Pass the same
 * `buffers` to consecutive calls (fitting each result before the next call,
 * which overwrites it) and the buffers are reused, so a full refresh
 * allocates its largest ballots once instead of leaving every slice's arrays
 * for the garbage collector, which frees memory outside the JavaScript heap
 * late.
 */
export function buildBallots(
  lists: RankedLists,
  partition: Partition,
  buffers: BallotBuffers = createBallotBuffers(),
): SliceBallots[] {
  const { memberCount, member, offsets, items } = lists;
  const { partCount, partOf } = partition;
  const catalogueSize = partOf.length;
  const listCount = member.length;
  checkLists(lists, catalogueSize);
  if (partition.groupOf && partition.groupOf.length !== catalogueSize) {
    throw new RangeError("partition.groupOf must have one entry per catalogue item");
  }

  const slices = describeParts(partition);
  const localIndex = slices.localIndex;
  const localGroup = slices.localGroup;
  const hasGroups = slices.parts.map((s) => s.groupCount > 1);

  // Lists in member order (stable), so each member's rankings are contiguous.
  // Lists that come ordered by member (ORDER BY the member in the query) are
  // read in place, front to back, which was about three times faster.
  const memberStart = new Int32Array(memberCount + 1);
  for (let l = 0; l < listCount; l++) memberStart[member[l]! + 1]!++;
  for (let m = 0; m < memberCount; m++) memberStart[m + 1]! += memberStart[m]!;
  const byMember = isOrderedByMember(member) ? null : new Int32Array(listCount);
  if (byMember) {
    const cursor = memberStart.slice(0, memberCount);
    for (let l = 0; l < listCount; l++) byMember[cursor[member[l]!]!++] = l;
  }

  // Capacities per part (upper bounds: repeated items are counted).
  const entryCap = new Int32Array(partCount);
  const rankingCap = new Int32Array(partCount);
  const ballotCap = new Int32Array(partCount);
  const listStamp = new Int32Array(partCount).fill(-1);
  const memberStamp = new Int32Array(partCount).fill(-1);
  for (let m = 0; m < memberCount; m++) {
    for (let q = memberStart[m]!; q < memberStart[m + 1]!; q++) {
      const l = byMember ? byMember[q]! : q;
      for (let e = offsets[l]!; e < offsets[l + 1]!; e++) {
        const p = partOf[items[e]!]!;
        if (p < 0) continue;
        entryCap[p]!++;
        if (listStamp[p] !== l) {
          listStamp[p] = l;
          rankingCap[p]!++;
          if (memberStamp[p] !== m) {
            memberStamp[p] = m;
            ballotCap[p]!++;
          }
        }
      }
    }
  }

  let entryTotal = 0;
  let rankingTotal = 0;
  let ballotTotal = 0;
  for (let p = 0; p < partCount; p++) {
    entryTotal += entryCap[p]!;
    rankingTotal += rankingCap[p]! + 1;
    ballotTotal += ballotCap[p]! + 1;
  }
  reserve(buffers, entryTotal, rankingTotal, ballotTotal);
  const outItems: Int16Array[] = [];
  const outRankingOffsets: Int32Array[] = [];
  const outWeights: Float64Array[] = [];
  const outScopes: Int16Array[] = [];
  const outBallotOffsets: Int32Array[] = [];
  let entryBase = 0;
  let rankingBase = 0;
  let ballotBase = 0;
  for (let p = 0; p < partCount; p++) {
    outItems.push(buffers.items.subarray(entryBase, (entryBase += entryCap[p]!)));
    outRankingOffsets.push(buffers.rankingOffsets.subarray(rankingBase, rankingBase + rankingCap[p]! + 1));
    outWeights.push(buffers.weights.subarray(rankingBase, rankingBase + rankingCap[p]!));
    outScopes.push(buffers.scopes.subarray(rankingBase, rankingBase + rankingCap[p]!));
    rankingBase += rankingCap[p]! + 1;
    outBallotOffsets.push(buffers.ballotOffsets.subarray(ballotBase, (ballotBase += ballotCap[p]! + 1)));
    outRankingOffsets[p]![0] = 0;
    outBallotOffsets[p]![0] = 0;
  }
  const entryCount = new Int32Array(partCount);
  const rankingCount = new Int32Array(partCount);
  const ballotCount = new Int32Array(partCount);

  const itemStamp = new Int32Array(catalogueSize).fill(-1);
  const scopeGroup = new Int32Array(partCount);
  const listParts = new Int32Array(partCount);
  const memberParts = new Int32Array(partCount);
  const memberFirst = new Int32Array(partCount);
  const memberLists = new Int32Array(partCount);
  listStamp.fill(-1);
  memberStamp.fill(-1);
  const dedupe: CollapseScratch = { hashes: new Int32Array(64), byHash: new Map() };

  for (let m = 0; m < memberCount; m++) {
    let touchedByMember = 0;
    for (let q = memberStart[m]!; q < memberStart[m + 1]!; q++) {
      const l = byMember ? byMember[q]! : q;
      let touchedByList = 0;
      for (let e = offsets[l]!; e < offsets[l + 1]!; e++) {
        const c = items[e]!;
        const p = partOf[c]!;
        if (p < 0 || itemStamp[c] === l) continue;
        itemStamp[c] = l;
        if (listStamp[p] !== l) {
          listStamp[p] = l;
          listParts[touchedByList++] = p;
          scopeGroup[p] = localGroup[c]!;
          if (memberStamp[p] !== m) {
            memberStamp[p] = m;
            memberParts[touchedByMember++] = p;
            memberFirst[p] = rankingCount[p]!;
            memberLists[p] = 0;
          }
        } else if (scopeGroup[p] !== localGroup[c]) {
          scopeGroup[p] = -1;
        }
        outItems[p]![entryCount[p]!++] = localIndex[c]!;
      }
      for (let t = 0; t < touchedByList; t++) {
        const p = listParts[t]!;
        const r = rankingCount[p]!++;
        outRankingOffsets[p]![r + 1] = entryCount[p]!;
        outScopes[p]![r] = hasGroups[p] ? scopeGroup[p]! : -1;
        memberLists[p]!++;
      }
    }
    for (let t = 0; t < touchedByMember; t++) {
      const p = memberParts[t]!;
      const kept = collapseMemberRankings(
        outItems[p]!,
        outRankingOffsets[p]!,
        outScopes[p]!,
        outWeights[p]!,
        memberFirst[p]!,
        rankingCount[p]!,
        dedupe,
      );
      rankingCount[p] = kept;
      entryCount[p] = outRankingOffsets[p]![kept]!;
      outBallotOffsets[p]![++ballotCount[p]!] = kept;
    }
  }

  return slices.parts.map((slice, p) => ({
    itemCount: slice.itemCount,
    catalogueItems: slice.catalogueItems,
    groupOf: hasGroups[p] ? slice.groupOf : null,
    groupCount: hasGroups[p] ? slice.groupCount : 0,
    ballots: {
      ballotOffsets: outBallotOffsets[p]!.subarray(0, ballotCount[p]! + 1),
      rankingOffsets: outRankingOffsets[p]!.subarray(0, rankingCount[p]! + 1),
      items: outItems[p]!.subarray(0, entryCount[p]!),
      weights: outWeights[p]!.subarray(0, rankingCount[p]!),
      scopes: outScopes[p]!.subarray(0, rankingCount[p]!),
    },
  }));
}

/** Reusable storage for buildBallots' output (see there). */
export interface BallotBuffers {
  items: Int16Array;
  rankingOffsets: Int32Array;
  weights: Float64Array;
  scopes: Int16Array;
  ballotOffsets: Int32Array;
}

export function createBallotBuffers(): BallotBuffers {
  return {
    items: new Int16Array(0),
    rankingOffsets: new Int32Array(0),
    weights: new Float64Array(0),
    scopes: new Int16Array(0),
    ballotOffsets: new Int32Array(0),
  };
}

/** Grows the buffers to hold the given totals (with room to spare, so a slightly larger slice needs no new ones). */
function reserve(buffers: BallotBuffers, entries: number, rankings: number, ballots: number): void {
  const room = (n: number) => Math.ceil(n * 1.25);
  if (buffers.items.length < entries) buffers.items = new Int16Array(room(entries));
  if (buffers.rankingOffsets.length < rankings) {
    buffers.rankingOffsets = new Int32Array(room(rankings));
    buffers.weights = new Float64Array(buffers.rankingOffsets.length);
    buffers.scopes = new Int16Array(buffers.rankingOffsets.length);
  }
  if (buffers.ballotOffsets.length < ballots) buffers.ballotOffsets = new Int32Array(room(ballots));
}

/** The same lists ordered by member (stable), as buildBallots reads them fastest. */
export function orderByMember(lists: RankedLists): RankedLists {
  const { memberCount, member, offsets, items } = lists;
  if (isOrderedByMember(member)) return lists;
  const start = new Int32Array(memberCount + 1);
  for (let l = 0; l < member.length; l++) start[member[l]! + 1]! += offsets[l + 1]! - offsets[l]!;
  for (let m = 0; m < memberCount; m++) start[m + 1]! += start[m]!;
  const listStart = new Int32Array(memberCount + 1);
  for (let l = 0; l < member.length; l++) listStart[member[l]! + 1]!++;
  for (let m = 0; m < memberCount; m++) listStart[m + 1]! += listStart[m]!;
  const sorted = {
    memberCount,
    member: new Int32Array(member.length),
    offsets: new Int32Array(offsets.length),
    items: new Int32Array(items.length),
  };
  for (let l = 0; l < member.length; l++) {
    const m = member[l]!;
    const q = listStart[m]!++;
    sorted.member[q] = m;
    sorted.items.set(items.subarray(offsets[l]!, offsets[l + 1]!), start[m]!);
    start[m]! += offsets[l + 1]! - offsets[l]!;
    sorted.offsets[q + 1] = start[m]!;
  }
  return sorted;
}

function isOrderedByMember(member: Int32Array): boolean {
  for (let l = 1; l < member.length; l++) if (member[l]! < member[l - 1]!) return false;
  return true;
}

/** A partition with one part holding the given catalogue items (a single slice). */
export function singleSlice(
  catalogueSize: number,
  members: Iterable<number>,
  groupOf?: Int32Array,
): Partition {
  const partOf = new Int32Array(catalogueSize).fill(-1);
  for (const c of members) partOf[c] = 0;
  return { partCount: 1, partOf, groupOf };
}

function checkLists(lists: RankedLists, catalogueSize: number): void {
  const { memberCount, member, offsets, items } = lists;
  if (offsets.length !== member.length + 1 || offsets[0] !== 0 || offsets.at(-1) !== items.length) {
    throw new RangeError("lists.offsets must have one entry per list plus one, from 0 to items.length");
  }
  for (let l = 0; l < member.length; l++) {
    if (offsets[l + 1]! < offsets[l]!) throw new RangeError(`lists.offsets decrease at list ${l}`);
    const m = member[l]!;
    if (m < 0 || m >= memberCount)
      throw new RangeError(`list ${l} has member ${m}, outside 0..${memberCount - 1}`);
  }
  for (let e = 0; e < items.length; e++) {
    const c = items[e]!;
    if (c < 0 || c >= catalogueSize)
      throw new RangeError(`item ${c} is outside the catalogue (${catalogueSize})`);
  }
}

/** A slice's entries are 16-bit (Ballots.items). */
const MAX_SLICE_ITEMS = 32_767;

interface PartDescription {
  itemCount: number;
  catalogueItems: Int32Array;
  groupOf: Int32Array;
  groupCount: number;
}

function describeParts(partition: Partition) {
  const { partCount, partOf, groupOf } = partition;
  const catalogueSize = partOf.length;
  const localIndex = new Int32Array(catalogueSize).fill(-1);
  const localGroup = new Int32Array(catalogueSize).fill(-1);
  const sizes = new Int32Array(partCount);
  for (let c = 0; c < catalogueSize; c++) {
    const p = partOf[c]!;
    if (p < -1 || p >= partCount) throw new RangeError(`partOf[${c}] = ${p} is outside -1..${partCount - 1}`);
    if (p >= 0) localIndex[c] = sizes[p]!++;
  }
  for (let p = 0; p < partCount; p++) {
    if (sizes[p]! > MAX_SLICE_ITEMS)
      throw new RangeError(`part ${p} has ${sizes[p]} items; a slice holds at most ${MAX_SLICE_ITEMS}`);
  }
  const parts: PartDescription[] = [];
  const denseGroups: Map<number, number>[] = [];
  for (let p = 0; p < partCount; p++) {
    parts.push({
      itemCount: sizes[p]!,
      catalogueItems: new Int32Array(sizes[p]!),
      groupOf: new Int32Array(sizes[p]!),
      groupCount: 0,
    });
    denseGroups.push(new Map());
  }
  for (let c = 0; c < catalogueSize; c++) {
    const p = partOf[c]!;
    if (p < 0) continue;
    const part = parts[p]!;
    part.catalogueItems[localIndex[c]!] = c;
    if (!groupOf) continue;
    const g = groupOf[c]!;
    if (g < 0) throw new RangeError(`groupOf[${c}] = ${g}: every item of a part needs a group`);
    let dense = denseGroups[p]!.get(g);
    if (dense === undefined) denseGroups[p]!.set(g, (dense = part.groupCount++));
    part.groupOf[localIndex[c]!] = dense;
    localGroup[c] = dense;
  }
  return { parts, localIndex, localGroup };
}

/**
 * Keeps each distinct ranking of one member (rankings first .. end - 1 of a
 * part) once, moved down in place, with weight copies / m. Returns the new
 * end. The weights array holds the copy counts while it runs. Kept rankings
 * are found by hash: in a short array for the usual few lists, in a map for
 * a member with very many.
 */
function collapseMemberRankings(
  items: Int16Array,
  rankingOffsets: Int32Array,
  scopes: Int16Array,
  weights: Float64Array,
  first: number,
  end: number,
  scratch: CollapseScratch,
): number {
  const m = end - first;
  if (m === 1) {
    weights[first] = 1;
    return end;
  }
  if (scratch.hashes.length < m) scratch.hashes = new Int32Array(Math.max(m, 2 * scratch.hashes.length));
  const hashes = scratch.hashes;
  const byHash = m > SHORT_SCAN ? scratch.byHash : null;
  byHash?.clear();
  let write = first;
  let start = rankingOffsets[first]!;
  for (let r = first; r < end; r++) {
    // rankingOffsets[r + 1] is still the original: writes so far reach index `write` <= r at most.
    const stop = rankingOffsets[r + 1]!;
    const scope = scopes[r]!;
    const hash = hashRanking(items, start, stop, scope);
    let same = -1;
    const candidate = byHash ? byHash.get(hash) : undefined;
    if (
      candidate !== undefined &&
      sameRanking(items, rankingOffsets, scopes, candidate, start, stop, scope)
    ) {
      same = candidate;
    } else if (!byHash || candidate !== undefined) {
      for (let k = first; k < write && same < 0; k++) {
        if (hashes[k - first] === hash && sameRanking(items, rankingOffsets, scopes, k, start, stop, scope))
          same = k;
      }
    }
    if (same >= 0) {
      weights[same]!++;
    } else {
      const to = rankingOffsets[write]!;
      if (to !== start) items.copyWithin(to, start, stop);
      rankingOffsets[write + 1] = to + (stop - start);
      scopes[write] = scope;
      weights[write] = 1;
      hashes[write - first] = hash;
      if (byHash && candidate === undefined) byHash.set(hash, write);
      write++;
    }
    start = stop;
  }
  for (let k = first; k < write; k++) weights[k] = weights[k]! / m;
  return write;
}

/** Up to this many rankings, a member's kept rankings are searched by scanning their hashes. */
const SHORT_SCAN = 64;

interface CollapseScratch {
  hashes: Int32Array;
  byHash: Map<number, number>;
}

function hashRanking(items: Int16Array, start: number, stop: number, scope: number): number {
  let h = Math.imul(2166136261 ^ (stop - start), 16777619) ^ (scope + 1);
  for (let e = start; e < stop; e++) h = Math.imul(h ^ items[e]!, 16777619);
  return h | 0;
}

function sameRanking(
  items: Int16Array,
  rankingOffsets: Int32Array,
  scopes: Int16Array,
  kept: number,
  start: number,
  stop: number,
  scope: number,
): boolean {
  const keptStart = rankingOffsets[kept]!;
  if (scopes[kept] !== scope || rankingOffsets[kept + 1]! - keptStart !== stop - start) return false;
  for (let e = 0; e < stop - start; e++) if (items[keptStart + e] !== items[start + e]) return false;
  return true;
}
