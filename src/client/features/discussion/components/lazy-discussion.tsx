import { type ComponentProps, lazy, Suspense } from "react";

const Discussion = lazy(() => import("./discussion.tsx").then((m) => ({ default: m.Discussion })));

/**
 * A page's discussion, loaded after the page it sits under: its code is not
 * among what the page needs to show first (the list or the results), so it
 * does not hold up their first paint. Its place is held meanwhile.
 */
export function LazyDiscussion(props: ComponentProps<typeof Discussion>) {
  return (
    <Suspense fallback={<section className="discussion" aria-busy="true" />}>
      <Discussion {...props} />
    </Suspense>
  );
}
