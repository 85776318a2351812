import { useMutation } from "@tanstack/react-query";
import { api, pathParams, readBlob } from "#client/lib/api-client.ts";
import { SHARE_LAYOUTS, type ShareLayout } from "#shared/share-images.ts";

export interface ShareImageBlob {
  layout: ShareLayout;
  blob: Blob;
}

/** Both portrait share pictures of a list, rendered by the server, in the carousel's order (classic, beach). */
export function fetchShareImages(list: { userId: string; id: string }): Promise<ShareImageBlob[]> {
  const param = pathParams({ userId: list.userId, listId: list.id });
  return Promise.all(
    SHARE_LAYOUTS.map(async (layout) => ({
      layout,
      blob: await readBlob(
        api.lists[":userId"][":listId"].share.$get({ param, query: { layout, size: "portrait" } }),
      ),
    })),
  );
}

/**
 * Fetched on each press and not cached here: the server caches per list
 * version, and the blobs live only as long as the modal that shows them.
 */
export function useShareImages() {
  return useMutation({ mutationFn: fetchShareImages });
}
