import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, pathParams, readJson } from "#client/lib/api-client.ts";
import { useServerEvent } from "#client/lib/server-events.ts";
import {
  isNewerThanShown,
  type ReferenceEntry,
  type ReferenceListId,
  type ReferenceListsDto,
  saveErrorMessage,
  withEntries,
} from "../model/reference-lists.ts";

export const referenceListsQueryOptions = () =>
  queryOptions({
    queryKey: ["reference-lists"] as const,
    queryFn: () => readJson(api["reference-lists"].$get()),
  });

const REFERENCE_KEY = referenceListsQueryOptions().queryKey;
const SAVE_KEY = [...REFERENCE_KEY, "save"] as const;

/**
 * Keeps the reference lists live: every change an editor saves is announced
 * to every open page ('reference-lists' event), which reads the lists again.
 */
export function useReferenceListsLive() {
  const queryClient = useQueryClient();
  useServerEvent("reference-lists", (pushed) => {
    // While this tab's own edits are on their way, their answers bring the state.
    if (queryClient.isMutating({ mutationKey: SAVE_KEY }) > 0) return;
    if (!isNewerThanShown(queryClient.getQueryData<ReferenceListsDto>(REFERENCE_KEY), pushed)) return;
    void queryClient.invalidateQueries({ queryKey: REFERENCE_KEY, exact: true });
  });
}

export interface SaveReferenceListInput {
  id: ReferenceListId;
  entries: ReferenceEntry[];
}

interface SaveContext {
  previous: ReferenceListsDto | undefined;
}

/**
 * Saves one reference list (editors only). The change shows at once; a refusal
 * puts the list back and hands `onFailure` the words to show. Saves run one
 * after another, so the server ends with the last one.
 */
export function useSaveReferenceList(onFailure: (message: string) => void) {
  const queryClient = useQueryClient();
  return useMutation<ReferenceListsDto, Error, SaveReferenceListInput, SaveContext>({
    mutationKey: SAVE_KEY,
    scope: { id: "reference-lists" },
    mutationFn: ({ id, entries }) =>
      readJson(
        api["reference-lists"][":id"].$put({
          param: pathParams({ id }),
          json: { items: entries.map((e) => e.id) },
        }),
      ),
    onMutate: async ({ id, entries }) => {
      await queryClient.cancelQueries({ queryKey: REFERENCE_KEY, exact: true });
      const previous = queryClient.getQueryData<ReferenceListsDto>(REFERENCE_KEY);
      if (previous) queryClient.setQueryData(REFERENCE_KEY, withEntries(previous, id, entries));
      return { previous };
    },
    onSuccess: (saved) => {
      // A later edit already queued would be undone on screen by this (older) answer.
      if (queryClient.isMutating({ mutationKey: SAVE_KEY }) <= 1)
        queryClient.setQueryData(REFERENCE_KEY, saved);
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(REFERENCE_KEY, context.previous);
      onFailure(saveErrorMessage(error));
      // Someone else may have changed the lists meanwhile: read what the server holds.
      void queryClient.invalidateQueries({ queryKey: REFERENCE_KEY, exact: true });
    },
  });
}
