import type { SyntheticEvent } from "react";
import { type RankingRowFace, RankingRowBody } from "#client/components/ui/ranking-row-body.tsx";
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
export function ConsensusRankedRows(props: {
  kind: ConsensusKind;
  rows: readonly ConsensusRow[];
  label: string;
}) {
  return (
    <ol className="consensus-rows" aria-label={props.label}>
      {props.rows.map((row) => (
        <li key={row.id} className="consensus-row" data-item-id={row.id}>
          <RankingRowBody face={faceOf(props.kind, row)} position={rankLabel(row.rank)} />
          <span className="consensus-row-meta">
            <span className="consensus-range">{rankRangeLabel(row.low, row.high)}</span>
            <span className="consensus-ballots">{inListsLabel(row.ballots)}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** "Most divisive": rank, name and how far apart the lists place it. */
export function DivisiveTable(props: { kind: ConsensusKind; rows: readonly ConsensusRow[] }) {
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
        {props.rows.map((row) => (
          <tr key={row.id} data-item-id={row.id}>
            <td>
              <span className="consensus-table-rank">
                <span className="consensus-table-rank-value">{rankLabel(row.rank)}</span>
                <span className="consensus-range">{rankRangeLabel(row.low, row.high)}</span>
              </span>
            </td>
            <th scope="row">
              <span className="consensus-table-name">
                <ItemFace kind={props.kind} row={row} size={32} />
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
        ))}
      </tbody>
    </table>
  );
}

/** Items on too few members' lists to rank: picture, name and their ballots. */
export function UnrankedList(props: { kind: ConsensusKind; rows: readonly ConsensusUnrankedRow[] }) {
  return (
    <ul className="consensus-unranked-list">
      {props.rows.map((row) => (
        <li key={row.id} className="consensus-unranked-item" data-item-id={row.id}>
          <ItemFace kind={props.kind} row={row} size={36} />
          <span className="consensus-ballots">{inListsLabel(row.ballots)}</span>
        </li>
      ))}
    </ul>
  );
}
