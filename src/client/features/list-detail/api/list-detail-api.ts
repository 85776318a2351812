import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "#client/lib/api-client.ts";
import type { ListDetailDto } from "#client/lib/list-types.ts";

/**
 * Under ["lists", ...] with every other list query, so a save, delete,
 * upvote or favourite anywhere refreshes the open list page.
 */
export const listDetailKeys = {
  detail: (userId: string, listId: string) => ["lists", "detail", userId, listId] as const,
};

export const listDetailQueryOptions = (userId: string, listId: string) =>
  queryOptions({
    queryKey: listDetailKeys.detail(userId, listId),
    queryFn: async () =>
      (
        await apiFetch<{ list: ListDetailDto }>(
          `/api/lists/${encodeURIComponent(userId)}/${encodeURIComponent(listId)}`,
        )
      ).list,
  });
