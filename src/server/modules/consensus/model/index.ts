/**
 * Community Consensus, the statistical engine: pure functions over typed
 * arrays, no I/O (docs/decisions/016-consensus-model.md). A refresh:
 *
 *   const buffers = createBallotBuffers();
 *   for (const partition of [seasons.all, seasons.eras]) {      // slices.ts
 *     for (const slice of buildBallots(seasonLists, partition, buffers)) {
 *       const result = fitConsensus({ ...slice, minBallots: 5 });
 *       // slice.catalogueItems[i] is the catalogue item of result row i
 *     }
 *   }
 *
 * and likewise for castaways (castawayPartitions; chunkPartition for the 50
 * season slices). pointsRankRanges is the Global Rankings top 10's bootstrap.
 */
export {
  buildBallots,
  createBallotBuffers,
  orderByMember,
  singleSlice,
  type BallotBuffers,
} from "./ballots.ts";
export { fitConsensus, transferablesOf, DEFAULTS } from "./consensus.ts";
export { pointsRankRanges, blocksFor, type PointsInput, type PointsRankRange } from "./points-rank-ranges.ts";
export { castawayPartitions, chunkPartition, ERAS, eraOf, seasonPartitions } from "./slices.ts";
export type {
  Ballots,
  ConsensusResult,
  FitData,
  FitInput,
  FitOptions,
  IndexArray,
  Partition,
  RankedLists,
  SliceBallots,
} from "./types.ts";
