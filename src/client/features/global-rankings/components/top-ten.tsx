import type { SyntheticEvent } from "react";
import type { RankedCastawayDto } from "#server/api-types.ts";
import { placeholderUrl } from "#shared/media-urls.ts";
import { rankRangeLabel } from "#shared/consensus.ts";
import { GLOBAL_SLOTS, pointsLabel, voteSlotName } from "#shared/global-rankings.ts";

/** A missing picture falls back to the placeholder, never a broken image. */
const toPlaceholder = (e: SyntheticEvent<HTMLImageElement>) => {
  const img = e.currentTarget;
  if (!img.src.endsWith(placeholderUrl())) img.src = placeholderUrl();
};

interface TopTenProps {
  entries: readonly RankedCastawayDto[];
  /** 'N points' beside each name that has a score. */
  showPoints: boolean;
  /** The list's accessible name. */
  label: string;
  size?: "compact" | "full";
}

/**
 * A community top 10: rank (with its 90 % range, "4 (3–6)", where the
 * server has one), picture, name (and season), points.
 */
export function TopTen({ entries, showPoints, label, size = "compact" }: TopTenProps) {
  const shown = entries.slice(0, GLOBAL_SLOTS);
  // The rank column widens for the ranges only when there are some.
  const hasRanges = shown.some((e) => e.range);
  return (
    <ol className={`top-ten is-${size}${hasRanges ? " has-ranges" : ""}`} aria-label={label}>
      {shown.map((e, i) => (
        <li
          key={e.id}
          className={`top-ten-row${i < 3 ? ` is-top is-top-${i + 1}` : ""}`}
          data-castaway-id={e.id}
        >
          <span className="top-ten-rank">
            {i + 1}
            {e.range && (
              <>
                {" "}
                <span className="top-ten-range">{rankRangeLabel(e.range.low, e.range.high)}</span>
              </>
            )}
          </span>
          <img
            className="top-ten-img"
            src={e.imageUrl || placeholderUrl()}
            alt=""
            width={size === "full" ? 56 : 40}
            height={size === "full" ? 56 : 40}
            loading="lazy"
            decoding="async"
            onError={toPlaceholder}
          />
          <span className="top-ten-text">
            <span className="top-ten-name">{e.name}</span>
            {size === "full" && e.seasonName && <span className="top-ten-season">{e.seasonName}</span>}
          </span>
          {showPoints && e.totalScore !== undefined && (
            <span className="top-ten-points">{pointsLabel(e.totalScore)}</span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** Ten empty places of a category nobody has voted in yet: 'Vote for #1' to 'Vote for #10'. */
export function EmptyTopTen({ label }: { label: string }) {
  return (
    <ol className="top-ten is-compact is-placeholder" aria-label={label}>
      {Array.from({ length: GLOBAL_SLOTS }, (_, i) => (
        <li key={i} className="top-ten-row is-empty">
          <span className="top-ten-rank">{i + 1}</span>
          <span className="top-ten-img is-empty" aria-hidden="true" />
          <span className="top-ten-text">
            <span className="top-ten-name">{voteSlotName(i + 1)}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
