/**
 * The data the consensus model reads and writes. Everything is numbers in
 * typed arrays, so a worker thread can receive the input and send the answer
 * back as transferable buffers (postMessage(result, [result.rank.buffer, ...]))
 * without copying, and 1,000,000 lists fit in tens of megabytes.
 *
 * Why the model is what it is: docs/decisions/016-consensus-model.md.
 */

/**
 * Indices into a catalogue, as the server keeps them (16-bit: a catalogue
 * holds a few thousand entries; consensus/member-rows.ts) or the model
 * builds them (32-bit).
 */
export type IndexArray = Int32Array | Int16Array;

/**
 * Public ranked lists of ONE kind (seasons, or castaways), as the database
 * holds them, in catalogue indices. A member may have many lists.
 */
export interface RankedLists {
  /** Members are numbered 0 .. memberCount - 1 (the caller maps user ids to these). */
  memberCount: number;
  /** The member who made each list: member[l] for list l. */
  member: Int32Array;
  /** List l ranks items[offsets[l]] (its #1) .. items[offsets[l + 1] - 1]; length = lists + 1. */
  offsets: Int32Array;
  /** Catalogue indices (0 .. catalogue size - 1), best first within each list. */
  items: IndexArray;
}

/**
 * How a catalogue is cut into slices that are fitted separately: every
 * catalogue item belongs to at most one part. One slice ("all seasons") is a
 * partition with one part; "the castaways of each season" is one partition
 * with a part per season, built in one pass over the lists.
 */
export interface Partition {
  partCount: number;
  /** catalogue item → its part, or -1 when the item is in none. */
  partOf: Int32Array;
  /**
   * Optional catalogue item → group inside its part (any non-negative
   * numbers): seasons for "all castaways", eras for "all seasons". A ranking
   * whose items all lie in one group is read as a ranking of that group only
   * ("my ranking of season 45's cast"), not as a top-k of the whole slice.
   */
  groupOf?: Int32Array;
}

/**
 * The ballots of one slice. A ballot is one member's voice: their rankings
 * (lists restricted to the slice) with weights that sum to 1.
 */
export interface Ballots {
  /** Ballot b holds rankings ballotOffsets[b] .. ballotOffsets[b + 1] - 1; length = ballots + 1. */
  ballotOffsets: Int32Array;
  /** Ranking r is items[rankingOffsets[r]] (best) .. items[rankingOffsets[r + 1] - 1]; length = rankings + 1. */
  rankingOffsets: Int32Array;
  /**
   * Slice-local item indices 0 .. itemCount - 1; no item twice in a ranking.
   * buildBallots writes them 16-bit (a slice holds a few thousand items at
   * most): the largest slice's entries were 40 MB as 32-bit at a million lists.
   */
  items: IndexArray;
  /** The weight of each ranking within its ballot (> 0; a ballot's weights sum to 1). */
  weights: Float64Array;
  /**
   * What each ranking was chosen from: -1 for the whole slice (its items beat
   * every other item of the slice), g for group g only (they beat the rest of
   * group g and say nothing about other groups). buildBallots writes them
   * 16-bit too: a slice's groups are fewer than its items.
   */
  scopes: IndexArray;
}

/** One slice, ready to fit: what buildBallots returns for each part. */
export interface SliceBallots {
  itemCount: number;
  /** Slice-local index → catalogue index (ascending). */
  catalogueItems: Int32Array;
  /** Slice-local item → group 0 .. groupCount - 1, or null when the slice has no groups. */
  groupOf: Int32Array | null;
  groupCount: number;
  ballots: Ballots;
}

/** The data of one fit: a slice's items, groups and ballots. */
export interface FitData {
  itemCount: number;
  ballots: Ballots;
  /** Slice-local item → group; needed only when some ranking has a scope other than -1. */
  groupOf?: Int32Array | null;
  groupCount?: number;
}

export interface FitOptions {
  /** Items on fewer ballots than this are returned apart (unranked), not ranked. */
  minBallots: number;
  /**
   * Strength of the prior, in virtual wins per item (the Gamma(α, α) prior
   * on each strength): default 1.
   */
  priorStrength?: number;
  /** Probability held by the rank ranges: default 0.9 (a 90 % range). */
  level?: number;
  /** Simulated rankings drawn for the ranges: default 1000. */
  rankDraws?: number;
  /** Seed of the simulation: default 1 (same input, same answer). */
  seed?: number;
  /** Stop when no log-strength moves more than this in an iteration: default 1e-7. */
  tolerance?: number;
  /** Most passes over the ballots (MM steps): default 5000. */
  maxIterations?: number;
}

export type FitInput = FitData & FitOptions;

/**
 * The consensus of one slice. Per-item columns are indexed by slice-local
 * item; `order` and `unranked` list items.
 */
export interface ConsensusResult {
  itemCount: number;
  ballotCount: number;
  rankingCount: number;
  /** Ranked items, consensus #1 first. */
  order: Int32Array;
  /** Items on fewer than minBallots ballots, most ballots first (then by index). */
  unranked: Int32Array;
  /** Consensus rank, 1 = best; 0 for an unranked item. */
  rank: Int32Array;
  /** The rank range holding `level` of the simulated rankings (always holding `rank`); 0 when unranked. */
  rankLow: Int32Array;
  rankHigh: Int32Array;
  /** Fitted log-strength θ (scale: mean strength e^θ over the slice is 1). */
  logStrength: Float64Array;
  /** Standard error of θ (member-clustered sandwich, see uncertainty.ts). */
  logStrengthSe: Float64Array;
  /** Ballots (members) with the item in at least one of their rankings. */
  ballots: Int32Array;
  /** Share of all ballots putting the item in their top 3 (a member with 2 lists, 1 of them: half a ballot). */
  top3Share: Float64Array;
  /**
   * Spread of the item's placements, 0 .. 1: twice the standard deviation,
   * across ballots, of its relative position in a list (0 = first, 1 = last).
   * NaN when fewer than two ballots place it in a list of 2 or more items.
   */
  divisiveness: Float64Array;
  /** Passes over the ballots the fit took (MM steps), and whether it met the tolerance. */
  iterations: number;
  converged: boolean;
}
