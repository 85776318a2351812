import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { imageUrlFor } from "#client/lib/pick-item.ts";
import { TIMERS_MS } from "#shared/limits.ts";
import { LIST_MESSAGES, stripSurvivorPrefix } from "#shared/lists.ts";
import type { ListSummaryDto as ListSummary } from "#server/api-types.ts";
import { myListsQueryOptions } from "#client/lib/queries/lists.ts";
import { useDeleteList } from "../api/lists-api.ts";
import { editPath } from "../model/draft-rules.ts";
import "./my-lists.css";
import { pathTo } from "#shared/routes.ts";

export const MY_LISTS_MESSAGES = {
  loadFailed: "Failed to load your lists. Please try again.",
  empty: "You haven't created any rankings yet. Create your first list now!",
} as const;

const byNewestUpdate = (a: ListSummary, b: ListSummary) => b.updatedAt.localeCompare(a.updatedAt);

/** The signed-in user's own lists: open, edit, delete (with a second click to confirm). */
export function MyLists() {
  const lists = useQuery(myListsQueryOptions());
  const deleteList = useDeleteList();
  const [deleteError, setDeleteError] = useState<string | null>(null);

  if (lists.isPending) {
    return (
      <p className="status-text" role="status">
        Loading your lists...
      </p>
    );
  }
  if (lists.isError) {
    return (
      <div className="my-lists-problem">
        <p className="error-text" role="alert">
          {MY_LISTS_MESSAGES.loadFailed}
        </p>
        <button type="button" className="btn btn-ghost" onClick={() => void lists.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (lists.data.length === 0) {
    return (
      <div className="my-lists-empty">
        <p>{MY_LISTS_MESSAGES.empty}</p>
      </div>
    );
  }

  const onDelete = (list: ListSummary) => {
    setDeleteError(null);
    deleteList.mutate(
      { userId: list.userId, listId: list.id },
      { onError: () => setDeleteError(LIST_MESSAGES.deleteFailed) },
    );
  };

  return (
    <>
      {deleteError && (
        <p className="error-text my-lists-error" role="alert">
          {deleteError}
        </p>
      )}
      <ul className="my-lists-grid">
        {[...lists.data].sort(byNewestUpdate).map((list) => (
          <MyListCard
            key={list.id}
            list={list}
            deleting={deleteList.isPending && deleteList.variables?.listId === list.id}
            onDelete={onDelete}
          />
        ))}
      </ul>
    </>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { year: "numeric", month: "short", day: "numeric" });

function MyListCard({
  list,
  deleting,
  onDelete,
}: {
  list: ListSummary;
  deleting: boolean;
  onDelete: (list: ListSummary) => void;
}) {
  const [armed, setArmed] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onDeleteClick = () => {
    window.clearTimeout(timer.current);
    if (!armed) {
      // The first click arms the button; it reverts after 5 seconds.
      setArmed(true);
      timer.current = window.setTimeout(() => setArmed(false), TIMERS_MS.deleteConfirm);
      return;
    }
    setArmed(false);
    onDelete(list);
  };

  const updated = new Date(list.updatedAt);
  return (
    <li className="card mylist-card">
      <div className="mylist-head">
        <h3 className="mylist-name">
          <Link className="mylist-link" to={pathTo("list", { userId: list.userId, listId: list.id })}>
            {list.name}
          </Link>
        </h3>
        <span className="mylist-count">
          {list.itemCount} {list.itemCount === 1 ? "entry" : "entries"}
        </span>
      </div>
      <p className="mylist-date">
        Updated <time dateTime={list.updatedAt}>{dateFormat.format(updated)}</time>
      </p>
      {list.preview.length === 0 ? (
        <p className="mylist-empty">This list is empty</p>
      ) : (
        <ol className="mylist-preview">
          {list.preview.map((entry, i) => (
            <li key={entry.id} className="mylist-entry">
              <span className="mylist-pos">{i + 1}</span>
              <img
                className={`mylist-img${entry.isSeason ? " is-season" : ""}`}
                src={imageUrlFor(entry.id, entry.isSeason)}
                alt=""
                width={32}
                height={32}
                loading="lazy"
                decoding="async"
              />
              <span className="mylist-entry-name">
                {entry.isSeason ? stripSurvivorPrefix(entry.name) : entry.name}
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="mylist-actions">
        <Link className="btn btn-ghost mylist-action" to={editPath(list.id, list.userId)}>
          Edit
        </Link>
        <button
          type="button"
          className={`btn mylist-action${armed ? " btn-danger" : " btn-ghost"}`}
          onClick={onDeleteClick}
          disabled={deleting}
        >
          {deleting ? "Deleting..." : armed ? "Confirm" : "Delete"}
        </button>
      </div>
    </li>
  );
}
