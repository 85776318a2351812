/**
 * The share renderer's worker thread: piscina (share-render-pool.ts) loads
 * this module in each worker and hands its default export one card at a
 * time. `npm run build` bundles it beside the server as
 * dist/server/share-render-worker.js (src/server/server-bundle.ts).
 */
import type { ShareCard } from "./share-layout.ts";
import { renderSharePng } from "./share-render.ts";

/** The PNG's bytes travel back as a copy (a structured clone): a few hundred KB, well under a millisecond. */
export default function drawShareCard(card: ShareCard): Promise<Uint8Array> {
  return renderSharePng(card);
}
