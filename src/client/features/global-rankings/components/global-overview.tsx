import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import type { CategorySummaryDto } from "#server/api-types.ts";
import { GLOBAL_MESSAGES as M } from "#shared/global-rankings.ts";
import { globalOverviewQueryOptions, useGlobalRankingsLive } from "../api/global-rankings-api.ts";
import { categoryPath, LEGACY_PATH } from "../model/paths.ts";
import { totalSubmissionsLabel } from "../model/detail-view.ts";
import { EmptyTopTen, TopTen } from "./top-ten.tsx";
import { TrophyRain } from "./trophy-rain.tsx";
import { CategoryCards, GlobalPage } from "./global-page.tsx";
import "./global-rankings.css";

/** /global-rankings: one card per open category, kept live, and the way to the legacy results. */
export function GlobalOverview() {
  // Asked again whole once a castaway hidden by the server is tapped (docs/product.md, "Spoiler horizon").
  const [whole, setWhole] = useState(false);
  const query = useQuery({ ...globalOverviewQueryOptions(whole), placeholderData: keepPreviousData });
  useGlobalRankingsLive();

  let body;
  if (query.isPending) {
    body = (
      <p className="status-text" role="status">
        {M.loadingOverview}
      </p>
    );
  } else if (query.isError) {
    body = (
      <p className="status-text error-text" role="alert">
        {M.loadFailed}
      </p>
    );
  } else if (query.data.open.length === 0) {
    body = <p className="status-text global-empty">{M.emptyList}</p>;
  } else {
    body = (
      <CategoryCards
        categories={query.data.open}
        card={(c) => <OpenCategoryCard category={c} onWantsWhole={() => setWhole(true)} />}
      />
    );
  }

  return (
    <GlobalPage
      titleId="global-title"
      title={M.overviewTitle}
      lead={M.overviewDescription}
      action={
        <Link className="btn btn-ghost global-legacy-button" to={LEGACY_PATH}>
          <span aria-hidden="true">🏛️</span>
          {M.legacyButton}
        </Link>
      }
    >
      {body}
    </GlobalPage>
  );
}

function OpenCategoryCard({
  category,
  onWantsWhole,
}: {
  category: CategorySummaryDto;
  onWantsWhole: () => void;
}) {
  const listLabel = `${category.name} top 10`;
  return (
    <article className="card global-card" data-category-id={category.id}>
      <header className="global-card-head">
        <TrophyRain />
        <div className="global-card-head-text">
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
          <TopTen entries={category.top10} showPoints label={listLabel} onWantsWhole={onWantsWhole} />
        ) : (
          <EmptyTopTen label={listLabel} />
        )}
      </div>
      <footer className="global-card-footer">
        <span>{totalSubmissionsLabel(category.totalSubmissions)}</span>
        <span className="global-card-cta" aria-hidden="true">
          Vote <span className="global-card-arrow">→</span>
        </span>
      </footer>
    </article>
  );
}
