import type { ConsensusKind } from "#shared/consensus.ts";
import { pathTo } from "#shared/routes.ts";

/** 0.734 -> "73%". */
export const closenessPercent = (closeness: number) => `${Math.round(closeness * 100)}%`;

/** The Community Consensus page on the slice the list was compared with (`all` is the page's own default). */
export function consensusPathFor(kind: ConsensusKind, slice: string): string {
  const query = new URLSearchParams({ kind });
  if (slice !== "all") query.set("slice", slice);
  return `${pathTo("consensus")}?${query}`;
}
