import type { SyntheticEvent } from "react";
import { HiddenEntry, RevealAllButton } from "#client/components/ui/hidden-entry.tsx";
import { type RankingRowFace, RankingRowBody } from "#client/components/ui/ranking-row-body.tsx";
import {
  type HiddenEntry as HiddenEntryDto,
  type SpoilerGate,
  useSpoilerGate,
} from "#client/lib/spoiler-horizon.ts";
import {
  type ConsensusKind,
  type ConsensusRow,
  type ConsensusUnrankedRow,
  inListsLabel,
  rankRangeLabel,
} from "#shared/consensus.ts";
import { placeholderUrl } from "#shared/media-urls.ts";
import { rankLabel, spreadLabel } from "../model/consensus-params.ts";
import { CONSENSUS_PAGE_TEXTS as T } from "../model/consensus-texts.ts";

/**
 * A castaway past the reader's spoiler horizon (docs/product.md, "Spoiler
 * horizon"), hidden by the server (keeping its place's figures) or here.
 */
type Hidden<R> = HiddenEntryDto & Omit<R, "id" | "name" | "imageUrl" | "seasonName" | "seasonNumber">;
type Shown<R> = R | Hidden<R>;

/** The season an item shows hidden under, or null; for a hidden one, how it reveals. */
function hiddenOf<R extends { id: string }>(gate: SpoilerGate, row: Shown<R>, index: number) {
  const season = gate.hiddenSeason(row, index);
  return season === null && !("hidden" in row) ? null : (season ?? (row as Hidden<R>).season);
}

/** Spoiler props each list takes: a tap on one hidden by the server asks the page for the answer whole. */
interface SpoilerProps {
  onWantsWhole?: () => void;
}

function RevealAll({ gate }: { gate: SpoilerGate }) {
  return gate.hiddenCount > 1 ? (
    <div className="consensus-reveal-all">
      <RevealAllButton onClick={gate.revealAll} count={gate.hiddenCount} />
    </div>
  ) : null;
}

/** A missing picture falls back to the placeholder, never a broken image. */
const toPlaceholder = (e: SyntheticEvent<HTMLImageElement>) => {
  const img = e.currentTarget;
  if (!img.src.endsWith(placeholderUrl())) img.src = placeholderUrl();
};

/** The small line under a name: a castaway's season, a season's number. */
const detailOf = (row: ConsensusUnrankedRow) => row.seasonName ?? `Season ${row.seasonNumber}`;

const faceOf = (kind: ConsensusKind, row: ConsensusRow): RankingRowFace => ({
  name: row.name,
  detail: detailOf(row),
  imageUrl: row.imageUrl || placeholderUrl(),
  isSeason: kind === "seasons",
});

/** A small picture, the name and its detail line: the divisive table's and the unranked list's rows. */
function ItemFace(props: { kind: ConsensusKind; row: ConsensusUnrankedRow; size: number }) {
  const { row, size } = props;
  return (
    <>
      <img
        className={`consensus-thumb${props.kind === "seasons" ? " is-season" : ""}`}
        src={row.imageUrl || placeholderUrl()}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        onError={toPlaceholder}
      />
      <span className="consensus-item-text">
        <span className="consensus-item-name">{row.name}</span>
        <span className="consensus-item-detail">{detailOf(row)}</span>
      </span>
    </>
  );
}

/** The ranked items: the ranking rows' body ("#4", picture, name), then the range and the ballots. */
export function ConsensusRankedRows(
  props: SpoilerProps & { kind: ConsensusKind; rows: readonly ConsensusRow[]; label: string },
) {
  const rows = props.rows as readonly Shown<ConsensusRow>[];
  const gate = useSpoilerGate(rows, props.onWantsWhole);
  return (
    <>
      <RevealAll gate={gate} />
      <ol className="consensus-rows" aria-label={props.label}>
        {rows.map((row, i) => {
          const hidden = hiddenOf(gate, row, i);
          const meta = (
            <span className="consensus-row-meta">
              <span className="consensus-range">{rankRangeLabel(row.low, row.high)}</span>
              <span className="consensus-ballots">{inListsLabel(row.ballots)}</span>
            </span>
          );
          if (hidden !== null || "hidden" in row) {
            return (
              <li key={`hidden-${i}`} className="consensus-row is-hidden-entry">
                <span className="ranking-pos">{rankLabel(row.rank)}</span>
                <HiddenEntry season={hidden ?? 0} onReveal={() => gate.reveal(i)} />
                {meta}
              </li>
            );
          }
          return (
            <li key={row.id} className="consensus-row" data-item-id={row.id}>
              <RankingRowBody face={faceOf(props.kind, row)} position={rankLabel(row.rank)} />
              {meta}
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** "Most divisive": rank, name and how far apart the lists place it. */
export function DivisiveTable(props: SpoilerProps & { kind: ConsensusKind; rows: readonly ConsensusRow[] }) {
  const rows = props.rows as readonly Shown<ConsensusRow>[];
  const gate = useSpoilerGate(rows, props.onWantsWhole);
  return (
    <table className="consensus-table">
      <thead>
        <tr>
          <th scope="col">{T.rankColumn}</th>
          <th scope="col">{T.nameColumn}</th>
          <th scope="col">{T.spreadColumn}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => {
          const hidden = hiddenOf(gate, row, i);
          return (
            <tr key={hidden === null && !("hidden" in row) ? row.id : `hidden-${i}`}>
              <td>
                <span className="consensus-table-rank">
                  <span className="consensus-table-rank-value">{rankLabel(row.rank)}</span>
                  <span className="consensus-range">{rankRangeLabel(row.low, row.high)}</span>
                </span>
              </td>
              <th scope="row">
                <span className="consensus-table-name">
                  {hidden !== null || "hidden" in row ? (
                    <HiddenEntry season={hidden ?? 0} onReveal={() => gate.reveal(i)} size={32} />
                  ) : (
                    <ItemFace kind={props.kind} row={row} size={32} />
                  )}
                </span>
              </th>
              <td className="consensus-table-spread">
                {row.divisiveness === null ? (
                  "—"
                ) : (
                  <>
                    <span className="consensus-spread-bar" aria-hidden="true">
                      <span style={{ width: spreadLabel(row.divisiveness) }} />
                    </span>
                    <span className="consensus-spread-value">{spreadLabel(row.divisiveness)}</span>
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Items on too few members' lists to rank: picture, name and their ballots. */
export function UnrankedList(
  props: SpoilerProps & { kind: ConsensusKind; rows: readonly ConsensusUnrankedRow[] },
) {
  const rows = props.rows as readonly Shown<ConsensusUnrankedRow>[];
  const gate = useSpoilerGate(rows, props.onWantsWhole);
  return (
    <>
      <RevealAll gate={gate} />
      <ul className="consensus-unranked-list">
        {rows.map((row, i) => {
          const hidden = hiddenOf(gate, row, i);
          return hidden !== null || "hidden" in row ? (
            <li key={`hidden-${i}`} className="consensus-unranked-item">
              <HiddenEntry season={hidden ?? 0} onReveal={() => gate.reveal(i)} size={36} />
              <span className="consensus-ballots">{inListsLabel(row.ballots)}</span>
            </li>
          ) : (
            <li key={row.id} className="consensus-unranked-item" data-item-id={row.id}>
              <ItemFace kind={props.kind} row={row} size={36} />
              <span className="consensus-ballots">{inListsLabel(row.ballots)}</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
