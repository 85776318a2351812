import { queryOptions, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { DiscussionDto } from "#server/api-types.ts";
import { api, expectOk, pathParams, readJson } from "#client/lib/api-client.ts";
import { discussionRootKey } from "#client/lib/queries/discussion.ts";
import { useServerEvent } from "#client/lib/server-events.ts";
import { discussionTopic } from "#shared/live-topics.ts";
import type { CommentSort } from "#shared/comments.ts";
import { findVotes, nextVote, patchVotes, type VoteState, type VoteValue } from "../model/comment-votes.ts";
import { type DiscussionTarget, isSameTarget, normalizeTarget } from "../model/discussion-target.ts";

/** Every order of one target's discussion sits under its target key, so one write refreshes them all. */
export const discussionKeys = {
  all: discussionRootKey,
  target: (target: DiscussionTarget) => [...discussionRootKey, normalizeTarget(target)] as const,
};

/** One discussion in one order. While another order loads, the current one stays on screen. */
export const discussionQueryOptions = (target: DiscussionTarget, sort: CommentSort) =>
  queryOptions({
    queryKey: [...discussionKeys.target(target), sort] as const,
    queryFn: ({ signal }) =>
      readJson(api.comments.$get({ query: { ...normalizeTarget(target), sort } }, { init: { signal } })),
    // Keep the previous order's comments only while the target is the same one.
    placeholderData: (previous, previousQuery) =>
      previousQuery && isSameTarget(target, previousQuery.queryKey[1]) ? previous : undefined,
  });

/**
 * Someone commented, voted or deleted on this target (the public `comments`
 * event carries the target): read the discussion again. Not cancelling a
 * refetch already running keeps this tab's own writes from fetching twice.
 */
export function useDiscussionLive(target: DiscussionTarget) {
  const queryClient = useQueryClient();
  useServerEvent(
    "comments",
    (data) => {
      if (!isSameTarget(target, data)) return;
      // The reader's own votes on their way refresh the discussion when they settle.
      if (queryClient.isMutating({ mutationKey: [...discussionKeys.target(target), "vote"] }) > 0) return;
      void queryClient.invalidateQueries(
        { queryKey: discussionKeys.target(target) },
        { cancelRefetch: false },
      );
    },
    discussionTopic(target),
  );
}

export interface NewComment {
  text: string;
  /** The comment answered: a top-level comment or a reply in its thread. */
  replyTo?: string;
}

/** Posts a comment or a reply; settles once the discussion on screen shows it. */
export function useAddComment(target: DiscussionTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, replyTo }: NewComment) =>
      readJson(
        api.comments.$post({
          json: { target: normalizeTarget(target), text, ...(replyTo ? { replyTo } : {}) },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: discussionKeys.target(target) }),
  });
}

/** Deletes one of the reader's comments (or any, for an editor); settles once it is gone from the screen. */
export function useDeleteComment(target: DiscussionTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) =>
      expectOk(api.comments[":commentId"].$delete({ param: pathParams({ commentId }) })),
    // A 404 (deleted meanwhile) or a 403 also refreshes: the screen was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: discussionKeys.target(target) }),
  });
}

export interface VoteInput {
  /** The votes on screen when the arrow was pressed: the start if the cache no longer holds the comment. */
  current: VoteState;
  value: VoteValue;
}

interface VoteSnapshot {
  previous: Array<[readonly unknown[], DiscussionDto | undefined]>;
}

function patchAll(queryClient: QueryClient, target: DiscussionTarget, commentId: string, votes: VoteState) {
  for (const [key, data] of queryClient.getQueriesData<DiscussionDto>({
    queryKey: discussionKeys.target(target),
  })) {
    if (data) queryClient.setQueryData(key, patchVotes(data, commentId, votes));
  }
}

/** The comment's votes as the screen shows them now (optimistic ones included). */
function votesOnScreen(queryClient: QueryClient, target: DiscussionTarget, commentId: string) {
  for (const [, data] of queryClient.getQueriesData<DiscussionDto>({
    queryKey: discussionKeys.target(target),
  })) {
    const votes = data && findVotes(data, commentId);
    if (votes) return votes;
  }
  return null;
}

/**
 * Up- or downvotes one comment. The arrows show the new state at once (in
 * every cached order of the discussion) and a refusal puts the old state back.
 * Quick presses are all kept: the requests go one after another (one scope per
 * comment), since each toggles what the one before left, and the screen takes
 * the server's counts from the last one.
 */
export function useVoteComment(target: DiscussionTarget, commentId: string) {
  const queryClient = useQueryClient();
  const key = discussionKeys.target(target);
  const allVotes = [...key, "vote"] as const;
  const mutationKey = [...allVotes, commentId] as const;
  const laterVotePending = () => queryClient.isMutating({ mutationKey }) > 1;
  return useMutation({
    mutationKey,
    scope: { id: JSON.stringify(mutationKey) },
    mutationFn: ({ value }: VoteInput) =>
      readJson(api.comments[":commentId"].vote.$post({ param: pathParams({ commentId }), json: { value } })),
    onMutate: async ({ current, value }): Promise<VoteSnapshot> => {
      // A refetch landing now would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueriesData<DiscussionDto>({ queryKey: key });
      const start = votesOnScreen(queryClient, target, commentId) ?? current;
      patchAll(queryClient, target, commentId, nextVote(start, value));
      return { previous };
    },
    onSuccess: (votes) => {
      if (!laterVotePending()) patchAll(queryClient, target, commentId, votes);
    },
    onError: (_error, _input, snapshot) => {
      snapshot?.previous.forEach(([k, data]) => queryClient.setQueryData(k, data));
    },
    onSettled: () => {
      // Others' votes meanwhile, and the order under Best and Top; not while
      // another vote of this reader is on its way (it would flicker back).
      if (queryClient.isMutating({ mutationKey: allVotes }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: key });
      }
    },
  });
}
