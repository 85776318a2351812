import "./list-card-skeletons.css";

interface ListCardSkeletonsProps {
  count: number;
  /** The grid the real cards will fill, so they take the same room. */
  className: string;
}

/**
 * Grey stand-ins for list cards while they load: the page keeps its shape,
 * and the cards arrive without pushing anything down. Screen readers hear
 * the loading text beside them instead.
 */
export function ListCardSkeletons({ count, className }: ListCardSkeletonsProps) {
  return (
    <div className={`${className} list-card-skeletons`} aria-hidden="true" data-testid="list-card-skeletons">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="list-card card list-card-skeleton">
          <span className="skeleton-line is-title" />
          <span className="skeleton-line is-author" />
          {[0, 1, 2, 3, 4].map((line) => (
            <span key={line} className={`skeleton-line${line === 4 ? " is-short" : ""}`} />
          ))}
          <span className="skeleton-line is-footer" />
        </div>
      ))}
    </div>
  );
}
