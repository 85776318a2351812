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

/** Anyone's profile and public lists. */
export const publicProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: profileKeys.public(userId),
    queryFn: ({ signal }) =>
      readJson(api.users[":userId"].$get({ param: pathParams({ userId }) }, { init: { signal } })),
  });
