import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, readJson } from "../api-client.ts";

/**
 * Who is signed in. Owned here, below the features, because several of them
 * refresh it (a username change renames the header's greeting).
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ["session"] as const,
    queryFn: async () => (await readJson(api.auth["get-session"].$get()))?.user ?? null,
    staleTime: 60_000,
  });

export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return { user: query.data ?? null, isPending: query.isPending };
}
