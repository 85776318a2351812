interface BrowsePaginationProps {
  page: number;
  pageCount: number;
  disabled?: boolean;
  onPage: (page: number) => void;
}

/** '< Previous', 'Page n of m', 'Next >'; nothing when everything fits on one page. */
export function BrowsePagination({ page, pageCount, disabled, onPage }: BrowsePaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="browse-pagination" aria-label="Pages">
      <button
        type="button"
        className="btn btn-ghost"
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        &lt; Previous
      </button>
      <span className="browse-page-info" aria-live="polite">
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
