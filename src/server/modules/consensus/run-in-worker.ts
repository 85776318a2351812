import { Piscina } from "piscina";
import { workerExecArgv, workerFile } from "../../worker-threads.ts";
import type { ComputedConsensus, ConsensusJob, JobLists } from "./compute-consensus.ts";

const WORKER_FILE = workerFile(import.meta.url, "consensus-worker");

/** What the worker thread answers. */
export interface FitAnswer {
  computed: ComputedConsensus;
  /** Time the worker spent fitting, ms (its own clock: not counting its start). */
  fitMs: number;
  /** The job's lists, moved back (they are the reader's kept rows). */
  lists: JobLists;
}

export interface WorkerAnswer extends FitAnswer {
  /** Peak resident memory of the process seen while the fit ran, bytes. */
  peakRss: number;
}

/**
 * Fits the consensus in a thread of its own, started for this refresh and
 * ended soon after it: the fit takes seconds at a million lists, and a
 * thread that ends gives back all it allocated. The lists are moved to it
 * and back, not copied. Its priority is below the main thread's (Linux), so when both
 * want a core, answering requests comes first.
 */
export async function computeInWorker(job: ConsensusJob): Promise<WorkerAnswer> {
  const transferList = [job.seasons, job.castaways].flatMap((l) => [
    l.member.buffer,
    l.offsets.buffer,
    l.items.buffer,
  ]);
  for (const c of job.categories) transferList.push(c.slots.buffer, c.nameOrder.buffer);
  const pool = new Piscina<ConsensusJob, FitAnswer>({
    filename: WORKER_FILE.href,
    minThreads: 0,
    maxThreads: 1,
    execArgv: workerExecArgv(),
    niceIncrement: 10,
    recordTiming: false,
  });
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 100);
  sampler.unref();
  try {
    const answer = await pool.run(job, { transferList: transferList as ArrayBuffer[] });
    return { ...answer, peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
  } finally {
    clearInterval(sampler);
    await pool.destroy();
  }
}
