import { queryOptions } from "@tanstack/react-query";
import { api, readJson } from "#client/lib/api-client.ts";

/** Which identity providers this server has configured. */
export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ["auth", "providers"] as const,
    queryFn: () => readJson(api.auth.providers.$get()),
    staleTime: Infinity,
  });
