import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PictureDto } from "#server/api-types.ts";
import { api, readJson } from "#client/lib/api-client.ts";
import { browseKeys } from "#client/lib/queries/browse.ts";
import { discussionRootKey } from "#client/lib/queries/discussion.ts";
import { favoritesQueryOptions, homeQueryOptions } from "#client/lib/queries/home.ts";
import { listKeys } from "#client/lib/queries/lists.ts";
import { profileKeys } from "#client/lib/queries/profile.ts";
import { sessionQueryOptions } from "#client/lib/queries/session.ts";

/** The signed-in user's picture with its re-roll state (My Lists only). */
export const pictureQueryOptions = () =>
  queryOptions({
    queryKey: ["picture"] as const,
    queryFn: () => readJson(api.me.picture.$get()),
  });

/**
 * First elements of the query keys whose data shows the signed-in user's
 * picture, read from their owners: the header (session), profiles, list pages
 * and cards (the author), and comments.
 */
const PICTURE_QUERY_ROOTS: readonly unknown[] = [
  sessionQueryOptions().queryKey[0],
  profileKeys.all[0],
  listKeys.all[0],
  browseKeys.all[0],
  homeQueryOptions().queryKey[0],
  favoritesQueryOptions().queryKey[0],
  discussionRootKey[0],
];

/** The header and My Lists change at once; everything else reads the new picture again. */
function showEverywhere(queryClient: QueryClient, state: PictureDto) {
  queryClient.setQueryData(pictureQueryOptions().queryKey, state);
  queryClient.setQueryData(sessionQueryOptions().queryKey, (user) =>
    user ? { ...user, profilePictureUrl: state.url } : user,
  );
  queryClient.setQueryData(profileKeys.me(), (profile) =>
    profile ? { ...profile, profilePictureUrl: state.url } : profile,
  );
  void queryClient.invalidateQueries({ predicate: (q) => PICTURE_QUERY_ROOTS.includes(q.queryKey[0]) });
}

function usePictureChange<Input>(send: (input: Input) => Promise<PictureDto>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (state) => showEverywhere(queryClient, state) });
}

/** The file itself is the body; the server judges it by its content, not the declared type. */
export const useUploadPicture = () =>
  usePictureChange((file: File) =>
    readJson(
      api.me.picture.$post(undefined, {
        init: { body: file, headers: { "Content-Type": file.type || "application/octet-stream" } },
      }),
    ),
  );

export const useRerollPicture = () => usePictureChange(() => readJson(api.me.picture.reroll.$post()));

export const useRestoreHeadshot = () => usePictureChange(() => readJson(api.me.picture.restore.$post()));
