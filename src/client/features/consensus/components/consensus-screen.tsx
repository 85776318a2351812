import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { TabList } from "#client/components/ui/tab-list.tsx";
import { ApiClientError } from "#client/lib/api-client.ts";
import { fullTime } from "#client/lib/relative-time.ts";
import { seasonsQueryOptions } from "#client/lib/seasons-query.ts";
import {
  CONSENSUS_KINDS,
  CONSENSUS_TEXTS as C,
  type ConsensusKind,
  type ConsensusSlice,
  computedAtLabel,
  minBallotsLabel,
  showAllLabel,
  seasonOfCastawaySlice,
} from "#shared/consensus.ts";
import { consensusSliceQueryOptions, useConsensusLive } from "../api/consensus-api.ts";
import { type ConsensusView, paramsOfView, sliceOptions, viewOfParams } from "../model/consensus-params.ts";
import { ballotCountLabel, CONSENSUS_PAGE_TEXTS as T } from "../model/consensus-texts.ts";
import { ConsensusRankedRows, DivisiveTable, UnrankedList } from "./consensus-rows.tsx";
import "./consensus.css";

const TAB_LABELS: Record<ConsensusKind, string> = { seasons: C.seasonsTab, castaways: C.castawaysTab };
/** Unranked items shown before "Show all". */
const UNRANKED_PREVIEW = 12;

/** /consensus: the community's ranking of seasons or castaways, one slice at a time (the slice is in the address). */
export function ConsensusScreen() {
  const [params, setParams] = useSearchParams();
  const view = viewOfParams(params);
  // Every row of this slice, once asked for ("Show all"); the first hundred otherwise.
  const [allOf, setAllOf] = useState<string | null>(null);
  const viewKey = `${view.kind}:${view.slice}`;
  // Asked again whole once a castaway hidden by the server is tapped (docs/product.md, "Spoiler horizon").
  const [wholeOf, setWholeOf] = useState<string | null>(null);
  const onWantsWhole = () => setWholeOf(viewKey);
  const query = useQuery({
    ...consensusSliceQueryOptions(
      view.kind,
      view.slice,
      allOf === viewKey ? "all" : "top",
      wholeOf === viewKey,
    ),
    // The slice shown stays (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
  useConsensusLive();
  // The castaways' picker names every season; the catalog is the client's reference data.
  const catalog = useQuery({ ...seasonsQueryOptions(), enabled: view.kind === "castaways" });

  const show = (next: ConsensusView) => setParams(paramsOfView(next));
  const ids = useId();
  const tabId = (kind: ConsensusKind) => `${ids}-tab-${kind}`;
  const panelId = `${ids}-panel`;
  const pickerId = `${ids}-slice`;

  const options = sliceOptions(view.kind, catalog.data?.seasons ?? []);
  // A season's address opened before the catalog arrives still shows its choice.
  const seasonNumber = seasonOfCastawaySlice(view.slice);
  if (!options.some((o) => o.id === view.slice) && seasonNumber !== null) {
    options.push({ id: view.slice, label: `Season ${seasonNumber}` });
  }

  const missing = query.error instanceof ApiClientError && query.error.status === 404;
  let body;
  if (query.isPending) {
    body = (
      <p className="status-text" role="status">
        {T.loading}
      </p>
    );
  } else if (query.isError) {
    body = (
      <p className="status-text error-text" role="alert">
        {missing ? T.notFound : T.loadFailed}
      </p>
    );
  } else {
    body = (
      <SliceResult
        key={viewKey}
        data={query.data}
        onShowAll={() => setAllOf(viewKey)}
        onWantsWhole={onWantsWhole}
      />
    );
  }

  return (
    <section className="consensus-page" aria-labelledby={`${ids}-title`}>
      <title>{`${C.title} | Survivor Rankings`}</title>
      <header className="consensus-hero">
        <h1 className="page-title" id={`${ids}-title`}>
          {C.title}
        </h1>
        <p className="consensus-lead">{T.description}</p>
      </header>

      <div className="consensus-toolbar card">
        <TabList
          tabs={CONSENSUS_KINDS}
          selected={view.kind}
          onSelect={(kind) => show({ kind, slice: "all" })}
          label={(kind) => TAB_LABELS[kind]}
          ariaLabel={T.tabsLabel}
          tabId={tabId}
          panelId={panelId}
          className="consensus-tabs"
          tabClassName="consensus-tab"
        />
        <div className="consensus-picker">
          <label htmlFor={pickerId}>{view.kind === "seasons" ? T.seasonsPicker : T.castawaysPicker}</label>
          <select
            id={pickerId}
            className="consensus-select"
            value={view.slice}
            onChange={(e) => show({ kind: view.kind, slice: e.target.value })}
          >
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div
        className="consensus-panel"
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(view.kind)}
        aria-busy={query.isPlaceholderData || undefined}
        data-state={query.isPlaceholderData ? "loading" : "ready"}
      >
        {body}
      </div>
    </section>
  );
}

/** One slice's answer: the ranked rows, then the most divisive, the unranked and how it was fitted. */
export function SliceResult({
  data,
  onShowAll,
  onWantsWhole,
}: {
  data: ConsensusSlice;
  onShowAll?: () => void;
  /** A castaway hidden by the server was tapped: the page asks for the slice whole. */
  onWantsWhole?: () => void;
}) {
  const ids = useId();
  const [allUnranked, setAllUnranked] = useState(false);
  const method = (
    <section className="consensus-method" aria-label={T.methodLabel}>
      <p>{C.explanation}</p>
      {data.computedAt && (
        <p className="consensus-computed">
          <time dateTime={data.computedAt}>{computedAtLabel(fullTime(data.computedAt))}</time>
        </p>
      )}
    </section>
  );

  if (data.computedAt === null) {
    return (
      <div className="consensus-layout is-single">
        <p className="status-text consensus-not-computed" role="status">
          {C.notComputed}
        </p>
        {method}
      </div>
    );
  }

  const unranked = allUnranked ? data.unranked : data.unranked.slice(0, UNRANKED_PREVIEW);
  return (
    <div className="consensus-layout">
      <section className="consensus-main card" aria-labelledby={`${ids}-ranked`}>
        <header className="consensus-main-head">
          <h2 className="consensus-heading" id={`${ids}-ranked`}>
            {data.title}
          </h2>
          <span className="consensus-count">{ballotCountLabel(data.ballotCount)}</span>
        </header>
        {data.ranked.length > 0 ? (
          <ConsensusRankedRows
            kind={data.kind}
            rows={data.ranked}
            label={T.rankedLabel(data.title)}
            onWantsWhole={onWantsWhole}
          />
        ) : (
          <p className="consensus-empty">{T.noneRanked}</p>
        )}
        {data.rankedCount > data.ranked.length && (
          <button type="button" className="btn btn-ghost consensus-more" onClick={onShowAll}>
            {showAllLabel(data.rankedCount)}
          </button>
        )}
      </section>

      <div className="consensus-side">
        {data.divisive.length > 0 && (
          <section className="consensus-divisive card" aria-labelledby={`${ids}-divisive`}>
            <h2 className="consensus-heading" id={`${ids}-divisive`}>
              {C.divisiveHeading}
            </h2>
            <p className="consensus-note">{T.spreadNote}</p>
            <DivisiveTable kind={data.kind} rows={data.divisive} onWantsWhole={onWantsWhole} />
          </section>
        )}

        {data.unranked.length > 0 && (
          <section className="consensus-unranked card" aria-labelledby={`${ids}-unranked`}>
            <h2 className="consensus-heading" id={`${ids}-unranked`}>
              {C.unrankedHeading}
            </h2>
            <p className="consensus-note">{minBallotsLabel(data.minBallots)}</p>
            <UnrankedList kind={data.kind} rows={unranked} onWantsWhole={onWantsWhole} />
            {data.unrankedCount > UNRANKED_PREVIEW && (
              <button
                type="button"
                className="btn btn-ghost consensus-more"
                aria-expanded={allUnranked}
                onClick={() => {
                  if (!allUnranked && data.unrankedCount > data.unranked.length) onShowAll?.();
                  setAllUnranked(!allUnranked);
                }}
              >
                {allUnranked ? "Show fewer" : showAllLabel(data.unrankedCount)}
              </button>
            )}
          </section>
        )}
      </div>

      {method}
    </div>
  );
}
