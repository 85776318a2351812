import { queryOptions } from "@tanstack/react-query";
import { api, pathParams, readJson, spoilersShown } from "../api-client.ts";

/**
 * Profile figures (name, list count, upvotes, idols) live under ["profile", ...]:
 * list changes, reactions and idol finds refresh them through `profileKeys.all`.
 */
export const profileKeys = {
  all: ["profile"] as const,
  me: () => ["profile", "me"] as const,
  public: (userId: string) => ["profile", "public", userId] as const,
};

export const myProfileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.me(),
    queryFn: async () => (await readJson(api.me.profile.$get())).profile,
  });

/**
 * Anyone's profile and one page (12) of their public lists. `whole`: with the
 * castaways past a member's spoiler horizon, for a reveal.
 */
export const publicProfileQueryOptions = (userId: string, page = 1, whole = false) =>
  queryOptions({
    queryKey: [...profileKeys.public(userId), page, ...(whole ? (["whole"] as const) : [])] as const,
    queryFn: ({ signal }) =>
      readJson(
        api.users[":userId"].$get(
          { param: pathParams({ userId }), query: { page: String(page) } },
          { init: { signal }, ...spoilersShown(whole) },
        ),
      ),
    // Turning a page keeps the figures and the old cards on screen until the
    // new ones arrive; another user's profile never stands in for this one.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === userId ? previous : undefined,
  });
