import { queryOptions } from "@tanstack/react-query";
import { api, pathParams, readJson } from "../api-client.ts";

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

/** Anyone's profile and one page (12) of their public lists. */
export const publicProfileQueryOptions = (userId: string, page = 1) =>
  queryOptions({
    queryKey: [...profileKeys.public(userId), page] as const,
    queryFn: ({ signal }) =>
      readJson(
        api.users[":userId"].$get(
          { param: pathParams({ userId }), query: { page: String(page) } },
          { init: { signal } },
        ),
      ),
    // Turning a page keeps the figures and the old cards on screen until the
    // new ones arrive; another user's profile never stands in for this one.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === userId ? previous : undefined,
  });
