import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import type { CategorySummaryDto } from "#server/api-types.ts";
import { GLOBAL_MESSAGES as M, totalVotesLabel } from "#shared/global-rankings.ts";
import { globalOverviewQueryOptions } from "../api/global-rankings-api.ts";
import { categoryPath, OVERVIEW_PATH } from "../model/paths.ts";
import { TopTen } from "./top-ten.tsx";
import { CategoryCards, GlobalPage } from "./global-page.tsx";
import "./global-rankings.css";

/** /global-rankings/legacy: the final, closed community votes, read-only. */
export function LegacyRankings() {
  const [whole, setWhole] = useState(false);
  const query = useQuery({ ...globalOverviewQueryOptions(whole), placeholderData: keepPreviousData });

  let body;
  if (query.isPending) {
    body = (
      <p className="status-text" role="status">
        {M.loadingLegacy}
      </p>
    );
  } else if (query.isError || query.data.closed.length === 0) {
    // A legacy load failure reads as an empty ranking (docs/product.md, Global Rankings).
    body = <p className="status-text global-empty">{M.legacyEmpty}</p>;
  } else {
    body = (
      <CategoryCards
        categories={query.data.closed}
        card={(c) => <LegacyCard category={c} onWantsWhole={() => setWhole(true)} />}
      />
    );
  }

  return (
    <GlobalPage
      titleId="legacy-title"
      title={M.legacyTitle}
      lead={M.legacyExplanation}
      action={
        <Link className="btn btn-ghost" to={OVERVIEW_PATH}>
          <span aria-hidden="true">←</span>
          {M.backToCurrent}
        </Link>
      }
    >
      {body}
    </GlobalPage>
  );
}

function LegacyCard({ category, onWantsWhole }: { category: CategorySummaryDto; onWantsWhole: () => void }) {
  return (
    <article className="card global-card is-legacy" data-category-id={category.id}>
      <header className="global-card-head">
        <div className="global-card-head-text">
          <span className="global-card-badge">Final results</span>
          <h2 className="global-card-title">
            <Link className="global-card-link" to={categoryPath(category.id)}>
              {category.name}
            </Link>
          </h2>
          <p className="global-card-description">{category.description}</p>
        </div>
      </header>
      <div className="global-card-body">
        {category.top10.length > 0 ? (
          <TopTen
            entries={category.top10}
            showPoints
            label={`${category.name} final top 10`}
            onWantsWhole={onWantsWhole}
          />
        ) : (
          <p className="global-card-empty">{M.legacyEmpty}</p>
        )}
      </div>
      <footer className="global-card-footer">
        <span>{totalVotesLabel(category.totalSubmissions)}</span>
      </footer>
    </article>
  );
}
