import { QueryClient } from "@tanstack/react-query";
import { ApiClientError } from "./api-client.ts";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again.
        retry: (count, error) =>
          !(error instanceof ApiClientError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}
