/**
 * The share renderer's worker thread: piscina (share-render-pool.ts) loads
 * this module in each worker and hands its default export one card at a
 * time. `npm run build` bundles it beside the server as
 * dist/server/share-render-worker.js (src/server/server-bundle.ts).
 */
import type { ShareCard } from "./share-layout.ts";
import { renderSharePng } from "./share-render.ts";

export interface DrawnCard {
  /** The PNG's bytes, copied back (a structured clone): a few hundred KB, well under a millisecond. */
  png: Uint8Array;
  /** How long the drawing took in this thread, in ms (the pool's estimate of a wait). */
  ms: number;
}

export default async function drawShareCard(card: ShareCard): Promise<DrawnCard> {
  const started = performance.now();
  const png = await renderSharePng(card);
  return { png, ms: performance.now() - started };
}
