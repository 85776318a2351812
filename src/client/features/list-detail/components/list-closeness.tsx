import { Link } from "react-router";
import { CONSENSUS_TEXTS as T, hottestTakeLabel } from "#shared/consensus.ts";
import { useListCloseness } from "../api/list-closeness.ts";
import { closenessPercent, consensusPathFor } from "../model/list-closeness-rules.ts";
import "./list-closeness.css";

/**
 * "How close is this list to the community?": asked for after the list is
 * drawn, and drawn only once answered. Nothing at all for a list without a
 * kind, one the API does not show (404), or while it loads.
 */
export function ListCloseness({ list }: { list: { userId: string; id: string; kind: string | null } }) {
  const { data } = useListCloseness(list);
  if (!data) return null;
  const take = data.hottestTake;
  return (
    <section className="list-closeness card" aria-labelledby="list-closeness-heading">
      <h2 id="list-closeness-heading" className="list-closeness-heading">
        {T.closenessHeading}
      </h2>
      {data.closeness === null ? (
        <p className="list-closeness-pending">{T.notComputed}</p>
      ) : (
        <>
          <p className="list-closeness-figure">{closenessPercent(data.closeness)}</p>
          <p className="list-closeness-explanation">{T.closenessExplanation}</p>
          {take && (
            <p className="list-closeness-take">
              <span className="list-closeness-take-label">{T.hottestTake}</span>{" "}
              <span className="list-closeness-take-text">{hottestTakeLabel(take)}</span>
            </p>
          )}
        </>
      )}
      <Link className="list-closeness-link" to={consensusPathFor(data.kind, data.slice)}>
        {T.title} <span aria-hidden="true">→</span>
      </Link>
    </section>
  );
}
