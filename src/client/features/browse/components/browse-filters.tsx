import type { UserTagId } from "#shared/lists.ts";
import {
  type BrowseQuery,
  type BrowseSort,
  type BrowseType,
  SORT_OPTIONS,
  TAG_FILTERS,
  TYPE_FILTERS,
} from "../model/browse-params.ts";

interface BrowseFiltersProps {
  query: BrowseQuery;
  signedIn: boolean;
  onType: (type: BrowseType) => void;
  onSort: (sort: BrowseSort) => void;
  onTag: (tag: UserTagId) => void;
}

/** Type, sort and tag filters of the browse page; every choice lives in the URL. */
export function BrowseFilters({ query, signedIn, onType, onSort, onTag }: BrowseFiltersProps) {
  return (
    <>
      <div className="browse-filter-row">
        <div className="browse-types" role="group" aria-label="Ranking type">
          {TYPE_FILTERS.map((t) => (
            <button
              key={t.id}
              type="button"
              className="browse-type"
              aria-pressed={query.type === t.id}
              onClick={() => onType(t.id)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <label className="browse-sort">
          <span className="browse-sort-label">Sort by</span>
          <select
            className="input browse-sort-select"
            value={query.sort}
            onChange={(e) => onSort(e.target.value as BrowseSort)}
          >
            {SORT_OPTIONS.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="browse-tags" role="group" aria-label="Filter by tags">
        {TAG_FILTERS.map((t) => {
          const pressed = query.tags.includes(t.id);
          // Favorites means the reader's own favourites: a visitor has none to
          // filter by (but can still switch off a shared link's filter).
          const locked = t.id === "favorites" && !signedIn && !pressed;
          return (
            <button
              key={t.id}
              type="button"
              className={`browse-tag browse-tag-${t.id}`}
              aria-pressed={pressed}
              disabled={locked}
              title={t.id === "favorites" && !signedIn ? "Login to favorite lists" : undefined}
              onClick={() => onTag(t.id)}
            >
              {/* A real element, not CSS content, so the tick stays out of the button's name. */}
              <span className="browse-tag-check" aria-hidden="true">
                ✓
              </span>
              {t.id === "favorites" && (
                <span className="browse-tag-star" aria-hidden="true">
                  ★
                </span>
              )}
              {t.label}
            </button>
          );
        })}
      </div>
    </>
  );
}
