import "./pagination.css";

interface PaginationProps {
  page: number;
  pageCount: number;
  disabled?: boolean;
  onPage: (page: number) => void;
}

/** '< Previous', 'Page n of m', 'Next >' under a paged grid (browse, a user's lists); nothing when everything fits on one page. */
export function Pagination({ page, pageCount, disabled, onPage }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <button
        type="button"
        className="btn btn-ghost"
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        &lt; Previous
      </button>
      <span className="pagination-info" aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={disabled || page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next &gt;
      </button>
    </nav>
  );
}
