import type { ConsensusSlice } from "#shared/consensus.ts";
import type { JsonBytes } from "../http/json-bytes.ts";
import type { StoredRanges } from "../modules/consensus/compute-consensus.ts";
import type { CacheDeclaration } from "./declare-cache.ts";

/**
 * A stored consensus as pages read it: a slice, named and pictured (and its
 * JSON, its first rows and all of them, each encoded once: all castaways is
 * a few hundred kilobytes, which every reader would otherwise serialise and
 * compress again), or a category's
 * rank ranges.
 */
export type ConsensusEntry =
  | { slice: ConsensusSlice; top: JsonBytes<ConsensusSlice>; all: JsonBytes<ConsensusSlice> }
  | { ranges: StoredRanges | null };

/**
 * The stored Community Consensus, per slice key ("seasons:all",
 * "global:season-49"): it changes only when a refresh stores a new one, at
 * most every few seconds, so every reader between two refreshes shares one
 * read. 55 slices and the open categories fit well inside the bound.
 */
export const consensusCache: CacheDeclaration<string, ConsensusEntry> = {
  name: "Community Consensus per slice",
  key: (sliceKey) => sliceKey,
  bound: { entries: 200, ttlMs: 10 * 60_000 },
  derivesFrom: {
    "consensus-computed": (consensus) => consensus.clear(),
  },
};
