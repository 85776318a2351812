import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect, useId, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import type { CategoryDetailDto, MySubmissionDto } from "#server/api-types.ts";
import { ApiClientError } from "#client/lib/api-client.ts";
import { savePostLoginAction } from "#client/lib/post-login-action.ts";
import { GLOBAL_MESSAGES as M } from "#shared/global-rankings.ts";
import { TIMERS_MS } from "#shared/limits.ts";
import { globalDetailQueryOptions, useGlobalRankingsLive } from "../api/global-rankings-api.ts";
import {
  CLOSENESS_TITLE,
  closenessPercent,
  closenessSentence,
  detailTexts,
  detailView,
  totalSubmissionsLabel,
} from "../model/detail-view.ts";
import { LEGACY_PATH, OVERVIEW_PATH } from "../model/paths.ts";
import { TopTen } from "./top-ten.tsx";
import type { VoteEditorSlots } from "./vote-editor.tsx";
import "./global-rankings.css";
import { pathTo } from "#shared/routes.ts";

// Only members use the editor, and with it dnd-kit: a visitor's page never loads it.
const loadVoteEditor = () => import("./vote-editor.tsx");
const VoteEditor = lazy(() => loadVoteEditor().then((m) => ({ default: m.VoteEditor })));

export interface GlobalDetailScreenProps extends VoteEditorSlots {
  categoryId: string;
  signedIn: boolean;
  sessionPending: boolean;
  /** The category's discussion, below the results (features/discussion, composed by the route). */
  /** `open`: whether the category still takes votes (a closed one's discussion is read-only). */
  renderDiscussion?: (categoryId: string, open: boolean) => ReactNode;
}

/**
 * /global-rankings/{id}: checking, then the community results (visitors,
 * closed categories, members who voted) or the member's vote editor; an
 * unknown category goes back to the overview.
 */
export function GlobalDetailScreen(props: GlobalDetailScreenProps) {
  const { categoryId, signedIn, sessionPending } = props;
  // Asked again whole once a castaway hidden by the server is tapped (docs/product.md, "Spoiler horizon").
  const [whole, setWhole] = useState(false);
  const query = useQuery({
    ...globalDetailQueryOptions(categoryId, whole),
    placeholderData: keepPreviousData,
  });
  // The results draw in a deferred, time-sliced pass: no long task when they arrive (decision 013).
  const detail = useDeferredValue(query.data);
  useGlobalRankingsLive();

  if (query.isError && query.error instanceof ApiClientError && query.error.status === 404) {
    return <Navigate to={OVERVIEW_PATH} replace />;
  }
  if (query.isError) {
    return (
      <section className="global-page global-detail" aria-labelledby="global-detail-title">
        <header className="card global-detail-header">
          <h1 className="page-title" id="global-detail-title">
            {M.overviewTitle}
          </h1>
          <p className="global-total">{totalSubmissionsLabel(0)}</p>
        </header>
        <p className="error-text global-load-error" role="alert">
          {M.loadFailed}
        </p>
        <button type="button" className="btn btn-ghost" onClick={() => void query.refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (sessionPending || detail === undefined) {
    return (
      <p className="status-text global-status" role="status">
        {M.checking}
      </p>
    );
  }
  // A new category (or a new member) starts with its own view and editor.
  return (
    <DetailView
      key={`${categoryId}:${signedIn}`}
      {...props}
      detail={detail}
      onWantsWhole={() => setWhole(true)}
    />
  );
}

function DetailView(
  props: GlobalDetailScreenProps & { detail: CategoryDetailDto; onWantsWhole: () => void },
) {
  const { detail, signedIn } = props;
  const { category, mine } = detail;
  const open = category.status === "open";
  const submitted = signedIn && mine !== null;
  const [showingMine, setShowingMine] = useState(false);
  // Each success is a new object, so a second submit restarts its 3 seconds.
  const [flash, setFlash] = useState<object | null>(null);
  const headingId = useId();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    // A member may open the editor from the results: its code comes once the page is shown.
    if (signedIn && open) void loadVoteEditor();
  }, [signedIn, open]);

  useEffect(() => {
    if (!flash) return;
    const timer = window.setTimeout(() => setFlash(null), TIMERS_MS.submitSuccess);
    return () => window.clearTimeout(timer);
  }, [flash]);

  const view = detailView({ loading: false, signedIn, open, submitted, showingMine });
  const texts = detailTexts(view, submitted, open);

  const loginToVote = () => {
    savePostLoginAction({ path: location.pathname, data: { categoryId: category.id } });
    navigate(pathTo("login"));
  };

  const onSubmitted = () => {
    setShowingMine(false);
    setFlash({});
  };

  return (
    <section
      className={`global-page global-detail is-${view}`}
      aria-labelledby="global-detail-title"
      data-view={view}
    >
      <title>{`${category.name} | Global Rankings | Survivor Rankings`}</title>
      <Link to={open ? OVERVIEW_PATH : LEGACY_PATH} className="global-back">
        <span aria-hidden="true">←</span> {open ? M.overviewTitle : M.legacyTitle}
      </Link>

      <header className="card global-detail-header">
        <div className="global-detail-heading">
          <h1 className="page-title global-detail-title" id="global-detail-title">
            {category.name}
          </h1>
          <p className="global-detail-description">{category.description}</p>
        </div>
        <p className="global-total" aria-live="polite">
          {totalSubmissionsLabel(category.totalSubmissions)}
        </p>
        <div className="global-detail-actions">
          {!signedIn && open && (
            <button type="button" className="btn global-login" onClick={loginToVote}>
              {M.loginToVote}
            </button>
          )}
          {texts.toggle && (
            <button
              type="button"
              className="btn btn-ghost global-toggle"
              aria-pressed={showingMine}
              onClick={() => setShowingMine((v) => !v)}
            >
              {texts.toggle}
            </button>
          )}
          {!open && <p className="global-closed-note">{M.closed}</p>}
        </div>
      </header>

      <div className="global-feedback" aria-live="polite">
        {flash && (
          <p className="success-text global-submitted" role="status">
            <span aria-hidden="true">✓ </span>
            {M.submitted}
          </p>
        )}
      </div>

      <h2 className="global-section-heading" id={headingId}>
        {texts.heading}
      </h2>

      {view === "editor" ? (
        <Suspense
          fallback={
            <p className="status-text global-status" role="status">
              {M.checking}
            </p>
          }
        >
          <VoteEditor
            // The editor starts from the stored vote each time it is opened.
            key={mine?.updatedAt ?? "new"}
            categoryId={category.id}
            seasonNumber={category.seasonNumber}
            title={texts.editorTitle ?? ""}
            initialSlots={mine?.slots ?? null}
            onSubmitted={onSubmitted}
            renderPicker={props.renderPicker}
            renderPickPreview={props.renderPickPreview}
          />
        </Suspense>
      ) : (
        <div className="global-results-layout">
          <section className="card global-results" aria-labelledby={headingId}>
            {category.top10.length > 0 ? (
              <TopTen
                entries={category.top10}
                showPoints
                label={M.resultsHeading}
                size="full"
                onWantsWhole={props.onWantsWhole}
              />
            ) : (
              <p className="global-not-yet">{M.notYetAvailable}</p>
            )}
          </section>
          {submitted && mine && open && <Closeness mine={mine} />}
        </div>
      )}

      {props.renderDiscussion && (
        <div className="global-discussion">{props.renderDiscussion(category.id, open)}</div>
      )}
    </section>
  );
}

/** How close the member's ten are to the community's (rank-biased overlap). */
function Closeness({ mine }: { mine: MySubmissionDto }) {
  const percent = closenessPercent(mine.closeness);
  const id = useId();
  return (
    <aside className="card global-closeness" aria-labelledby={id}>
      <h3 className="global-closeness-title" id={id}>
        {CLOSENESS_TITLE}
      </h3>
      <p className="global-closeness-value">
        <span className="global-closeness-number">{percent}%</span>
        <span className="global-closeness-bar" aria-hidden="true">
          <span style={{ width: `${percent}%` }} />
        </span>
      </p>
      <p className="global-closeness-text">{closenessSentence(percent)}</p>
    </aside>
  );
}
