import { SeededRandom } from "./random.ts";
import { ERAS, eraOf } from "./slices.ts";
import { AliasSampler, sampleTopK } from "./synthetic.ts";
import type { RankedLists } from "./types.ts";

/**
 * A whole site's lists, for the benchmark: members who made very different
 * numbers of lists, lists of 3 to 50 items, castaways and seasons of skewed
 * popularity, and the kinds of list fans make: all-time top-ks, a season's
 * cast ranked, an era's seasons ranked. Every list is a Plackett–Luce top-k
 * from the true strengths.
 */
export interface SiteOptions {
  lists: number;
  members: number;
  seed: number;
  /** Castaways per season, seasons numbered 1 .. seasonSizes.length. */
  seasonSizes: ArrayLike<number>;
}

export interface SyntheticSite {
  seasons: RankedLists;
  castaways: RankedLists;
  seasonNumbers: Int32Array;
  /** Season index (0-based) of each castaway appearance. */
  seasonOfCastaway: Int32Array;
  seasonTruth: Float64Array;
  castawayTruth: Float64Array;
}

/** Share of lists that rank castaways (the rest rank seasons). */
const CASTAWAY_SHARE = 0.55;
/** Share of castaway lists that rank one season's cast, and of season lists that rank one era. */
const SCOPED_SHARE = 0.35;
const ERA_SHARE = 0.2;
/** Lengths of all-time lists: mostly top 10s, some top 5s, 20s, 25s and full rankings. */
const LENGTHS = [
  [3, 0.05],
  [5, 0.15],
  [10, 0.35],
  [15, 0.05],
  [20, 0.12],
  [25, 0.08],
  [30, 0.05],
  [40, 0.03],
  [50, 0.07],
  [0, 0.05], // any length from 3 to 50
] as const;

export function syntheticSite(options: SiteOptions): SyntheticSite {
  const random = new SeededRandom(options.seed);
  const seasonCount = options.seasonSizes.length;
  const seasonNumbers = Int32Array.from({ length: seasonCount }, (_, s) => s + 1);
  const seasonStart = new Int32Array(seasonCount + 1);
  for (let s = 0; s < seasonCount; s++) seasonStart[s + 1] = seasonStart[s]! + options.seasonSizes[s]!;
  const castawayCount = seasonStart[seasonCount]!;
  const seasonOfCastaway = new Int32Array(castawayCount);
  for (let s = 0; s < seasonCount; s++) seasonOfCastaway.fill(s, seasonStart[s]!, seasonStart[s + 1]!);

  // Skewed popularity: log-normal strengths; a castaway's also carries their season's appeal.
  const seasonTruth = Float64Array.from({ length: seasonCount }, () => random.normal());
  const castawayTruth = Float64Array.from(
    { length: castawayCount },
    (_, c) => 1.3 * random.normal() + 0.5 * seasonTruth[seasonOfCastaway[c]!]!,
  );
  const seasonPools = Array.from({ length: seasonCount }, (_, s) =>
    Int32Array.from({ length: options.seasonSizes[s]! }, (_, j) => seasonStart[s]! + j),
  );
  const eraPools = ERAS.map((_, e) =>
    Int32Array.from(Array.from(seasonNumbers.keys()).filter((s) => eraOf(seasonNumbers[s]!) === e)),
  ).filter((pool) => pool.length > 0);

  // Decide every list first (kind, scope, length), then fill exactly sized arrays.
  const isCastaway = new Uint8Array(options.lists);
  const scope = new Int16Array(options.lists).fill(-1);
  const length = new Uint8Array(options.lists);
  const owner = new Int32Array(options.lists);
  let castawayLists = 0;
  for (let l = 0; l < options.lists; l++) {
    // Few members make many lists: member ⌊M u²⌋.
    owner[l] = Math.floor(options.members * random.next() ** 2);
    const castaway = random.next() < CASTAWAY_SHARE;
    isCastaway[l] = castaway ? 1 : 0;
    castawayLists += castaway ? 1 : 0;
    if (castaway && random.next() < SCOPED_SHARE) {
      scope[l] = random.below(seasonCount);
      length[l] = scopedLength(seasonPools[scope[l]!]!.length, random);
    } else if (!castaway && random.next() < ERA_SHARE) {
      scope[l] = random.below(eraPools.length);
      length[l] = scopedLength(eraPools[scope[l]!]!.length, random);
    } else {
      length[l] = Math.min(allTimeLength(random), castaway ? castawayCount : seasonCount);
    }
  }

  const castawayAll = new AliasSampler(castawayTruth.map(Math.exp));
  const seasonAll = new AliasSampler(seasonTruth.map(Math.exp));
  const out = {
    castaways: allocate(castawayLists, options, owner, length, (l) => isCastaway[l] === 1),
    seasons: allocate(options.lists - castawayLists, options, owner, length, (l) => isCastaway[l] === 0),
  };
  const cursor = { castaways: 0, seasons: 0 };
  for (let l = 0; l < options.lists; l++) {
    const kind = isCastaway[l] ? "castaways" : "seasons";
    const lists = out[kind];
    const q = cursor[kind]++;
    const target = lists.items.subarray(lists.offsets[q]!, lists.offsets[q + 1]!);
    const k = length[l]!;
    if (scope[l]! >= 0) {
      const pool = (isCastaway[l] ? seasonPools : eraPools)[scope[l]!]!;
      sampleTopK(isCastaway[l] ? castawayTruth : seasonTruth, k, random, pool, target);
    } else if (isCastaway[l] || k <= 20) {
      (isCastaway[l] ? castawayAll : seasonAll).topK(k, random, target);
    } else {
      sampleTopK(seasonTruth, k, random, undefined, target);
    }
  }
  return {
    seasons: out.seasons,
    castaways: out.castaways,
    seasonNumbers,
    seasonOfCastaway,
    seasonTruth,
    castawayTruth,
  };
}

function allocate(
  count: number,
  options: SiteOptions,
  owner: Int32Array,
  length: Uint8Array,
  mine: (l: number) => boolean,
): RankedLists & { items: Int32Array } {
  const member = new Int32Array(count);
  const offsets = new Int32Array(count + 1);
  let q = 0;
  for (let l = 0; l < owner.length; l++) {
    if (!mine(l)) continue;
    member[q] = owner[l]!;
    offsets[q + 1] = offsets[q]! + length[l]!;
    q++;
  }
  return { memberCount: options.members, member, offsets, items: new Int32Array(offsets[count]!) };
}

/** A season's cast or an era ranked: most rank all of it, others their top few. */
function scopedLength(size: number, random: SeededRandom): number {
  if (random.next() < 0.6) return size;
  return Math.min(size, 3 + random.below(size - 2));
}

function allTimeLength(random: SeededRandom): number {
  let u = random.next();
  for (const [k, share] of LENGTHS) {
    if (u < share) return k === 0 ? 3 + random.below(48) : k;
    u -= share;
  }
  return 10;
}
