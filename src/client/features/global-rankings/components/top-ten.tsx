import type { SyntheticEvent } from "react";
import type { RankedCastawayDto } from "#server/api-types.ts";
import { HiddenEntry, RevealAllButton } from "#client/components/ui/hidden-entry.tsx";
import { type HiddenEntry as HiddenEntryDto, useSpoilerGate } from "#client/lib/spoiler-horizon.ts";
import { placeholderUrl } from "#shared/media-urls.ts";
import { rankRangeLabel } from "#shared/consensus.ts";
import { GLOBAL_SLOTS, pointsLabel, voteSlotName } from "#shared/global-rankings.ts";

/** A missing picture falls back to the placeholder, never a broken image. */
const toPlaceholder = (e: SyntheticEvent<HTMLImageElement>) => {
  const img = e.currentTarget;
  if (!img.src.endsWith(placeholderUrl())) img.src = placeholderUrl();
};

/** A hidden castaway keeps its place's figures (modules/spoilers on the server). */
type Shown = RankedCastawayDto | (HiddenEntryDto & Pick<RankedCastawayDto, "range" | "totalScore">);

interface TopTenProps {
  entries: readonly RankedCastawayDto[];
  /** 'N points' beside each name that has a score. */
  showPoints: boolean;
  /** The list's accessible name. */
  label: string;
  size?: "compact" | "full";
  /** A castaway hidden by the server was tapped: the caller asks for its answer whole. */
  onWantsWhole?: () => void;
}

/**
 * A community top 10: rank (with its 90 % range, "4 (3–6)", where the
 * server has one), picture, name (and season), points.
 */
export function TopTen({ entries, showPoints, label, size = "compact", onWantsWhole }: TopTenProps) {
  // Castaways past the reader's spoiler horizon show hidden (docs/product.md, "Spoiler horizon").
  const shown = entries.slice(0, GLOBAL_SLOTS) as readonly Shown[];
  const gate = useSpoilerGate(shown, onWantsWhole);
  // The rank column widens for the ranges only when there are some.
  const hasRanges = shown.some((e) => e.range);
  const faceSize = size === "full" ? 56 : 40;
  return (
    <>
      {gate.hiddenCount > 1 && (
        <div className="top-ten-reveal-all">
          <RevealAllButton onClick={gate.revealAll} count={gate.hiddenCount} />
        </div>
      )}
      <ol className={`top-ten is-${size}${hasRanges ? " has-ranges" : ""}`} aria-label={label}>
        {shown.map((e, i) => {
          const hiddenSeason = gate.hiddenSeason(e, i);
          const rank = (
            <span className="top-ten-rank">
              {i + 1}
              {e.range && (
                <>
                  {" "}
                  <span className="top-ten-range">{rankRangeLabel(e.range.low, e.range.high)}</span>
                </>
              )}
            </span>
          );
          if (hiddenSeason !== null || "hidden" in e) {
            return (
              <li
                key={`hidden-${i}`}
                className={`top-ten-row is-hidden-entry${i < 3 ? ` is-top is-top-${i + 1}` : ""}`}
              >
                {rank}
                <HiddenEntry
                  season={hiddenSeason ?? ("hidden" in e ? e.season : 0)}
                  onReveal={() => gate.reveal(i)}
                  size={faceSize}
                />
                {showPoints && e.totalScore !== undefined && (
                  <span className="top-ten-points">{pointsLabel(e.totalScore)}</span>
                )}
              </li>
            );
          }
          return (
            <li
              key={e.id}
              className={`top-ten-row${i < 3 ? ` is-top is-top-${i + 1}` : ""}`}
              data-castaway-id={e.id}
            >
              {rank}
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
          );
        })}
      </ol>
    </>
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
