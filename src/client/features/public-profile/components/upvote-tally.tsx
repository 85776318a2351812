/** A list's upvote count, read-only: for cards whose reader flags are unknown. */
export function UpvoteTally({ count }: { count: number }) {
  return (
    <span className="upvote-tally" aria-label={`${count} ${count === 1 ? "upvote" : "upvotes"}`}>
      <span aria-hidden="true">▲</span>
      <span aria-hidden="true">{count}</span>
    </span>
  );
}
