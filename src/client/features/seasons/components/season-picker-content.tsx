import { type RefObject, useDeferredValue, useId, useLayoutEffect, useMemo, useRef } from "react";
import type { PickItem } from "#client/lib/pick-item.ts";
import { useCatalog } from "#client/lib/seasons-query.ts";
import { stripSurvivorPrefix } from "#shared/lists.ts";
import { normaliseQuery, searchPicker } from "#client/lib/picker-search.ts";
import { CastawayRow } from "./castaway-row.tsx";
import { ChevronLeftIcon, CloseIcon, SearchIcon } from "#client/components/ui/icons.tsx";
import { SeasonCard } from "./season-card.tsx";
import { CREATE_HINT, CREATE_HINT_TOUCH } from "../picker-messages.ts";

export interface PickerContentProps {
  mode: "create" | "global" | "browse";
  query: string;
  onQueryChange: (query: string) => void;
  selectedSeasonId: string | null;
  onOpenSeason: (season: PickItem) => void;
  onBack: () => void;
  hideBackButton: boolean;
  onPick?: (item: PickItem) => void;
  dragEnabled: boolean;
  /** Phones get the touch hint: the sheet does not hand out drags. */
  isMobile: boolean;
  /** Where the season grid was scrolled to; outlives this component (collapse, sheet). */
  gridScrollRef: RefObject<number>;
}

/** Search box, hint and the scrolling body (grid, one season's cast, or search results). */
export function SeasonPickerContent(props: PickerContentProps) {
  const { mode, query, onQueryChange, onPick } = props;
  const searchId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const catalog = useCatalog();
  // Typing stays responsive while hundreds of rows re-filter behind it.
  const deferredQuery = useDeferredValue(query);
  const q = normaliseQuery(deferredQuery);
  const results = useMemo(
    () => (catalog.data && q ? searchPicker(catalog.data.seasonItems, catalog.data.castawaysOf, q) : null),
    [catalog.data, q],
  );
  const view = q ? "results" : props.selectedSeasonId ? "season" : "grid";
  const viewKey =
    view === "results" ? `results:${q}` : view === "season" ? `season:${props.selectedSeasonId}` : "grid";

  const scrollRef = useRef<HTMLDivElement>(null);
  const viewKeyRef = useRef(viewKey);
  const { gridScrollRef } = props;
  // Back on the grid lands where the person left it; anything else starts at the top.
  useLayoutEffect(() => {
    viewKeyRef.current = viewKey;
    const el = scrollRef.current;
    if (el) el.scrollTop = viewKey === "grid" ? gridScrollRef.current : 0;
  }, [viewKey, gridScrollRef, catalog.data]);

  const onScroll = () => {
    if (viewKeyRef.current === "grid" && scrollRef.current)
      gridScrollRef.current = scrollRef.current.scrollTop;
  };

  const addSeason = mode === "create" && onPick ? onPick : undefined;
  const seasonDrag = props.dragEnabled && mode === "create";

  const seasonGrid = (seasons: PickItem[]) => (
    <ul className="sp-season-grid">
      {seasons.map((s) => (
        <SeasonCard
          key={s.id}
          season={s}
          onOpen={props.onOpenSeason}
          onAdd={addSeason}
          dragEnabled={seasonDrag}
        />
      ))}
    </ul>
  );

  let body;
  if (catalog.isPending) {
    body = <p className="sp-status">Loading seasons...</p>;
  } else if (catalog.isError) {
    body = (
      <div className="sp-status" role="alert">
        <p>Couldn't load the seasons.</p>
        <button type="button" className="btn btn-ghost" onClick={() => void catalog.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (view === "results" && results) {
    const nothing = results.seasons.length === 0 && results.castaways.length === 0;
    body = (
      <section className="sp-results" aria-labelledby={`${searchId}-results`}>
        <h3 className="sp-section-title" id={`${searchId}-results`}>
          Search Results
        </h3>
        {nothing ? (
          <p className="sp-empty">
            No seasons or contestants match “{deferredQuery.trim()}”. Try another name.
          </p>
        ) : (
          <>
            {results.seasons.length > 0 && (
              <>
                <h4 className="sp-subtitle">
                  Seasons <span className="sp-count">{results.seasons.length}</span>
                </h4>
                {seasonGrid(results.seasons)}
              </>
            )}
            {results.castaways.length > 0 && (
              <>
                <h4 className="sp-subtitle">
                  Contestants <span className="sp-count">{results.castaways.length}</span>
                </h4>
                <ul className="sp-castaways">
                  {results.castaways.map((c) => (
                    <CastawayRow
                      key={c.id}
                      castaway={c}
                      onPick={onPick}
                      showSeason
                      dragEnabled={props.dragEnabled}
                    />
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </section>
    );
  } else if (view === "season" && props.selectedSeasonId) {
    const season = catalog.data.byId.get(props.selectedSeasonId);
    const cast = catalog.data.castawaysOf(props.selectedSeasonId);
    body = (
      <section className="sp-cast" aria-labelledby={`${searchId}-season`}>
        {!props.hideBackButton && (
          <button type="button" className="btn btn-ghost sp-back" onClick={props.onBack}>
            <ChevronLeftIcon />
            Back to Seasons
          </button>
        )}
        <div className="sp-cast-head">
          {season && (
            <img
              className="sp-cast-logo"
              src={season.imageUrl}
              alt={`${season.name} logo`}
              width={56}
              height={56}
              draggable={false}
            />
          )}
          <div>
            <h3 className="sp-section-title" id={`${searchId}-season`}>
              {season ? stripSurvivorPrefix(season.name) : "Unknown season"}
            </h3>
            {season && (
              <p className="sp-cast-meta">
                Season {season.seasonNumber} · {cast.length}{" "}
                {cast.length === 1 ? "contestant" : "contestants"}
              </p>
            )}
          </div>
        </div>
        {cast.length === 0 ? (
          <p className="sp-empty">No contestants for this season yet. Pick another season!</p>
        ) : (
          <ul className="sp-castaways">
            {cast.map((c) => (
              <CastawayRow
                key={c.id}
                castaway={c}
                onPick={onPick}
                showSeason={false}
                dragEnabled={props.dragEnabled}
              />
            ))}
          </ul>
        )}
      </section>
    );
  } else {
    body = seasonGrid(catalog.data.seasonItems);
  }

  return (
    <>
      <div className="sp-search" role="search">
        <label htmlFor={searchId} className="sr-only">
          Search seasons or contestants
        </label>
        <span className="sp-search-icon">
          <SearchIcon />
        </span>
        <input
          ref={inputRef}
          id={searchId}
          className="input sp-search-input"
          type="search"
          placeholder="Search seasons or contestants..."
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape" && query) {
              // Escape empties the box first; a second Escape may close the sheet.
              e.stopPropagation();
              onQueryChange("");
            }
          }}
        />
        {query && (
          <button
            type="button"
            className="sp-search-clear"
            aria-label="Clear search"
            title="Clear search"
            onClick={() => {
              onQueryChange("");
              inputRef.current?.focus();
            }}
          >
            <CloseIcon size={16} />
          </button>
        )}
      </div>
      {mode === "create" && <p className="sp-hint">{props.isMobile ? CREATE_HINT_TOUCH : CREATE_HINT}</p>}
      <div className="sp-scroll" ref={scrollRef} onScroll={onScroll} data-view={view}>
        {body}
      </div>
    </>
  );
}
