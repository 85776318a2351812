import type { RankingRowFace } from "#client/components/ui/ranking-row-body.tsx";
import type { RankingRowLook } from "#client/components/ui/ranking-rows.tsx";
import { imageUrlFor } from "#client/lib/pick-item.ts";
import { stripSurvivorPrefix } from "#shared/lists.ts";
import { type ReferenceEntry, seasonLine } from "../model/reference-lists.ts";

/**
 * How a reference-list entry reads, one way for the read-only lists, the
 * editable rows and the drag copy: a season without the "Survivor:" all of
 * them share, and the season line under the name.
 */
export function referenceFace(entry: ReferenceEntry): RankingRowFace {
  return {
    name: entry.isSeason ? stripSurvivorPrefix(entry.name) : entry.name,
    detail: seasonLine(entry),
    imageUrl: imageUrlFor(entry.id, entry.isSeason),
    isSeason: entry.isSeason,
  };
}

/** The reference lists share the page with the picker and each other: compact rows. */
export const REFERENCE_ROW_LOOK: RankingRowLook<ReferenceEntry> = { describe: referenceFace, compact: true };
