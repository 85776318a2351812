import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { clearPostLoginAction } from "#client/lib/post-login-action.ts";
import { LIST_MESSAGES } from "#shared/lists.ts";
import { draftQueryOptions } from "../api/draft-api.ts";
import { editLoadErrorMessage } from "../model/edit-load-error.ts";
import { listQueryOptions } from "#client/lib/queries/lists.ts";
import {
  type EditTarget,
  EMPTY_EDITOR,
  fromSavedList,
  fromServerDraft,
  readEditTarget,
  resolveArrival,
} from "../model/draft-rules.ts";
import { leaveEditMode, readSessionDraft } from "../model/session-draft.ts";
import { useIsMobile } from "#client/lib/use-media-query.ts";
import { ListEditor, type ListEditorProps } from "./list-editor.tsx";
import "./list-editor.css";

export type CreateListScreenProps = Pick<
  ListEditorProps,
  "signedIn" | "userId" | "renderPicker" | "renderPickPreview" | "onOpenPicker"
>;

/**
 * /create for a new list or an edit. Decides once, on arrival, where the
 * content comes from (post-login data, the list being edited, this tab's
 * draft, the stored draft) and hands it to the editor.
 *
 * Edit mode is addressed as `/create?edit={listId}&user={ownerId}` (reloadable);
 * navigation state `{ editListId, userId }` is accepted too and turned into that address.
 */
export function CreateListScreen(props: CreateListScreenProps) {
  const location = useLocation();
  const [params] = useSearchParams();
  const isMobile = useIsMobile();
  const [arrival] = useState(() => {
    const state = location.state as { pendingListData?: unknown } | null;
    return resolveArrival({
      pending: state?.pendingListData,
      editTarget: readEditTarget(params, location.state),
      sessionDraft: readSessionDraft(),
      signedIn: props.signedIn,
    });
  });

  useEffect(() => {
    // A pending post-login action is applied once, then removed (docs/product.md, Drafts).
    if (arrival.kind === "ready" && arrival.source === "pending") clearPostLoginAction();
  }, [arrival]);

  // Leaving /create clears the editing id.
  useEffect(() => () => leaveEditMode(), []);

  const editorProps = { ...props, isMobile };
  if (arrival.kind === "load-list") return <EditLoader target={arrival.target} {...editorProps} />;
  if (arrival.kind === "load-draft") return <DraftLoader {...editorProps} />;
  return (
    <ListEditor
      {...editorProps}
      initial={arrival.state}
      initialError={null}
      initiallyChanged={arrival.source === "pending"}
    />
  );
}

type LoaderProps = CreateListScreenProps & { isMobile: boolean };

function Loading() {
  return (
    <p className="status-text" role="status">
      Loading...
    </p>
  );
}

function EditLoader({ target, ...props }: LoaderProps & { target: EditTarget }) {
  const ownerId = target.ownerId ?? props.userId ?? "";
  // The list page's own query, always read afresh: the editor starts from what
  // the server holds now, never from a copy cached before another tab's save.
  const query = useQuery({
    ...listQueryOptions({ userId: ownerId, listId: target.listId }),
    enabled: ownerId !== "",
    staleTime: 0,
    refetchOnMount: "always",
  });
  if (ownerId && (query.isPending || !query.isFetchedAfterMount)) return <Loading />;
  // A failed refetch keeps the cached copy in `data`; it is not what the server holds.
  const list = query.isError ? undefined : query.data;
  if (list && list.viewer.isOwner) {
    return (
      <ListEditor {...props} initial={fromSavedList(list)} initialError={null} initiallyChanged={false} />
    );
  }
  // A list that loads but is someone else's cannot be edited here either.
  const message = query.error ? editLoadErrorMessage(query.error) : LIST_MESSAGES.loadForEditFailed;
  return <ListEditor {...props} initial={EMPTY_EDITOR} initialError={message} initiallyChanged={false} />;
}

function DraftLoader(props: LoaderProps) {
  const query = useQuery(draftQueryOptions());
  const { error } = query;
  useEffect(() => {
    // A draft that cannot be loaded is only logged; the form starts empty.
    if (error) console.error("Draft load failed", error);
  }, [error]);
  // The editor mounts in a deferred, time-sliced pass: no long task when it arrives (decision 013).
  const loaded = useDeferredValue(!query.isPending);
  if (!loaded) return <Loading />;
  const initial = query.data ? fromServerDraft(query.data) : EMPTY_EDITOR;
  return <ListEditor {...props} initial={initial} initialError={null} initiallyChanged={false} />;
}
