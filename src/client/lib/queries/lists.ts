import { queryOptions } from "@tanstack/react-query";
import type { ListParams } from "#shared/lists.schema.ts";
import { api, pathParams, readJson, spoilersShown } from "../api-client.ts";

/**
 * Every list query lives under ["lists", ...], so a save, delete, upvote or
 * favourite anywhere refreshes them all: the list page, the editor's copy
 * (the same query) and the signed-in user's own cards.
 */
export const listKeys = {
  all: ["lists"] as const,
  mine: () => ["lists", "mine"] as const,
  detail: ({ userId, listId }: ListParams, whole = false) =>
    whole
      ? (["lists", "detail", userId, listId, "whole"] as const)
      : (["lists", "detail", userId, listId] as const),
};

/**
 * One list with its entries and the reader's flags (list page and editor
 * alike). `whole`: with the castaways past a member's spoiler horizon, for a
 * reveal (the server hides them otherwise).
 */
export const listQueryOptions = (params: ListParams, whole = false) =>
  queryOptions({
    queryKey: listKeys.detail(params, whole),
    queryFn: async ({ signal }) =>
      (
        await readJson(
          api.lists[":userId"][":listId"].$get(
            { param: pathParams(params) },
            { init: { signal }, ...spoilersShown(whole) },
          ),
        )
      ).list,
  });

/** The signed-in user's own lists (My Lists). */
export const myListsQueryOptions = () =>
  queryOptions({
    queryKey: listKeys.mine(),
    queryFn: async () => (await readJson(api.me.lists.$get())).lists,
  });
