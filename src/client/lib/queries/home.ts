import { queryOptions } from "@tanstack/react-query";
import { api, readJson } from "../api-client.ts";

/** The home page's list rows: the week's most upvoted and the newest. */
export const homeQueryOptions = () =>
  queryOptions({
    queryKey: ["home"] as const,
    queryFn: () => readJson(api.home.$get()),
  });

/** The signed-in reader's favourite lists (home page). */
export const favoritesQueryOptions = () =>
  queryOptions({
    queryKey: ["favorites"] as const,
    queryFn: () => readJson(api.me.favorites.$get()),
  });
