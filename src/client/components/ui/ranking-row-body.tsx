import type { PickItem } from "#client/lib/pick-item.ts";
import "./ranking-rows.css";

// A ranking row's look without its drag and drop: read-only lists (the home
// page's reference lists for visitors) show rows without loading dnd-kit.

/** What a row shows of an entry; each editor says how its entries read. */
export interface RankingRowFace {
  name: string;
  /** The small line under the name (a season's number, a castaway's season). */
  detail: string;
  imageUrl: string;
  /** Season logos get rounded squares, castaway headshots circles. */
  isSeason: boolean;
}

/** A picker item as the list builder shows it. */
export function pickItemFace(item: PickItem): RankingRowFace {
  return {
    name: item.name,
    detail: item.isSeason ? `Season ${item.seasonNumber}` : item.seasonName,
    imageUrl: item.imageUrl,
    isSeason: item.isSeason,
  };
}

interface RankingRowBodyProps {
  face: RankingRowFace;
  /** The place shown in the medal: 4, or a label such as "#4" (the Community Consensus). */
  position: number | string;
  compact?: boolean;
}

/**
 * Position, picture, name and detail: shared by a row, the copy that follows
 * the pointer, and read-only lists that want to look like the rows. It is a
 * fragment, so the element around it lays it out (the first such element in
 * its list gets the gold position).
 */
export function RankingRowBody({ face, position, compact = false }: RankingRowBodyProps) {
  const size = compact ? " is-compact" : "";
  return (
    <>
      <span className={`ranking-pos${size}`}>{position}</span>
      <img
        className={`ranking-img${size}${face.isSeason ? " is-season" : ""}`}
        src={face.imageUrl}
        alt=""
        width={compact ? 44 : 48}
        height={compact ? 44 : 48}
        loading="lazy"
        decoding="async"
        draggable={false}
      />
      <span className={`ranking-text${size}`}>
        <span className="ranking-name">{face.name}</span>
        <span className="ranking-sub">{face.detail}</span>
      </span>
    </>
  );
}
