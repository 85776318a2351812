import { COMMENT_SORTS, type CommentSort } from "#shared/comments.ts";

/** The search parameter that keeps the chosen order, so a shared link shows the same order. */
export const SORT_PARAM = "sort";
export const DEFAULT_SORT: CommentSort = "new";

export const SORT_LABELS: Record<CommentSort, string> = { new: "New", best: "Best", top: "Top" };

const isSort = (value: string | null): value is CommentSort =>
  (COMMENT_SORTS as readonly (string | null)[]).includes(value);

export function readSort(params: URLSearchParams): CommentSort {
  const value = params.get(SORT_PARAM);
  return isSort(value) ? value : DEFAULT_SORT;
}

/** The same search with `sort` chosen; the default is left out, so the plain address stays plain. */
export function withSort(params: URLSearchParams, sort: CommentSort): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort === DEFAULT_SORT) next.delete(SORT_PARAM);
  else next.set(SORT_PARAM, sort);
  return next;
}
