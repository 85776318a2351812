import { COMMENT_SORTS, type CommentSort } from "#shared/comments.ts";
import { SORT_LABELS } from "../model/comment-sort.ts";

/** New / Best / Top: one segmented control; the choice lives in the URL (see Discussion). */
export function DiscussionSort({
  sort,
  onChange,
}: {
  sort: CommentSort;
  onChange: (sort: CommentSort) => void;
}) {
  return (
    <div className="discussion-sort" role="group" aria-label="Sort comments">
      {COMMENT_SORTS.map((s) => (
        <button
          key={s}
          type="button"
          className="discussion-sort-option"
          aria-pressed={s === sort}
          onClick={() => onChange(s)}
        >
          {SORT_LABELS[s]}
        </button>
      ))}
    </div>
  );
}
