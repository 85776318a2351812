/**
 * The consensus fit's thread (run-in-worker.ts): it takes the lists the main
 * thread read, fits every slice and answers with what is to be stored.
 * Nothing here touches the database or the requests. The lists are the main
 * thread's kept rows, lent: they are moved back with the answer.
 */
import { move, transferableSymbol, valueSymbol } from "piscina";
import { computeConsensus, type ConsensusJob, jobLists, listBuffers } from "./compute-consensus.ts";
import type { FitAnswer } from "./run-in-worker.ts";

export default function fit(job: ConsensusJob) {
  const started = performance.now();
  const computed = computeConsensus(job);
  const lists = jobLists(job);
  const answer: FitAnswer = { computed, fitMs: performance.now() - started, lists };
  return move({ [transferableSymbol]: listBuffers(lists), [valueSymbol]: answer });
}
