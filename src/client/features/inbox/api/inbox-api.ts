import { queryOptions, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import type { InboxDto } from "#server/api-types.ts";
import { api, pathParams, readJson } from "#client/lib/api-client.ts";
import { useServerEvent } from "#client/lib/server-events.ts";
import { withAllRead, withRead } from "../model/inbox-entries.ts";

/** The signed-in reader's newest notifications (at most 10) and how many are unread. */
export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: ["inbox"] as const,
    queryFn: ({ signal }) => readJson(api.notifications.$get({}, { init: { signal } })),
    // A tab coming back to the front may have missed events while asleep.
    refetchOnWindowFocus: true,
  });

const INBOX_KEY = inboxQueryOptions().queryKey;

/**
 * The server rings the recipient's open tabs (`notifications` event): read
 * the Inbox again, so the badge rises without a reload. Both the Inbox and the
 * compact header's badge listen; not cancelling a running refetch makes the
 * second call join the first.
 */
export function useInboxLive() {
  const queryClient = useQueryClient();
  useServerEvent("notifications", () => {
    void queryClient.invalidateQueries({ queryKey: INBOX_KEY }, { cancelRefetch: false });
  });
}

interface Snapshot {
  previous: InboxDto | undefined;
}

/** Shows the change at once; the server's fresh Inbox replaces it, a failure puts the old one back. */
function optimistic<Input>(queryClient: QueryClient, change: (inbox: InboxDto, input: Input) => InboxDto) {
  return {
    onMutate: async (input: Input): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: INBOX_KEY });
      const previous = queryClient.getQueryData<InboxDto>(INBOX_KEY);
      if (previous) queryClient.setQueryData(INBOX_KEY, change(previous, input));
      return { previous };
    },
    onSuccess: (fresh: InboxDto) => queryClient.setQueryData(INBOX_KEY, fresh),
    onError: (_error: unknown, _input: Input, snapshot: Snapshot | undefined) => {
      if (snapshot?.previous) queryClient.setQueryData(INBOX_KEY, snapshot.previous);
    },
  };
}

/** Marks one notification read (a click on it). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readJson(api.notifications[":id"].read.$post({ param: pathParams({ id }) })),
    ...optimistic(queryClient, (inbox, id: string) => withRead(inbox, id)),
  });
}

/** Marks every unread notification read (the pointer left the Inbox). */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => readJson(api.notifications["read-all"].$post()),
    ...optimistic(queryClient, (inbox: InboxDto, _input: void) => withAllRead(inbox)),
  });
}
