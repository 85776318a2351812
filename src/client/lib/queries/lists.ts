import { queryOptions } from "@tanstack/react-query";
import type { ListParams } from "#shared/lists.schema.ts";
import { api, pathParams, readJson } from "../api-client.ts";

/**
 * Every list query lives under ["lists", ...], so a save, delete, upvote or
 * favourite anywhere refreshes them all: the list page, the editor's copy
 * (the same query) and the signed-in user's own cards.
 */
export const listKeys = {
  all: ["lists"] as const,
  mine: () => ["lists", "mine"] as const,
  detail: ({ userId, listId }: ListParams) => ["lists", "detail", userId, listId] as const,
};

/** One list with its entries and the reader's flags (list page and editor alike). */
export const listQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: listKeys.detail(params),
    queryFn: async ({ signal }) =>
      (
        await readJson(
          api.lists[":userId"][":listId"].$get({ param: pathParams(params) }, { init: { signal } }),
        )
      ).list,
  });

/** The signed-in user's own lists (My Lists). */
export const myListsQueryOptions = () =>
  queryOptions({
    queryKey: listKeys.mine(),
    queryFn: async () => (await readJson(api.me.lists.$get())).lists,
  });
