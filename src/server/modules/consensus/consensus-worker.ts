/**
 * The consensus fit's thread (run-in-worker.ts): it takes the lists the main
 * thread read, fits every slice and answers with what is to be stored.
 * Nothing here touches the database or the requests.
 */
import { computeConsensus, type ComputedConsensus, type ConsensusJob } from "./compute-consensus.ts";

export default function fit(job: ConsensusJob): { computed: ComputedConsensus; fitMs: number } {
  const started = performance.now();
  const computed = computeConsensus(job);
  return { computed, fitMs: performance.now() - started };
}
