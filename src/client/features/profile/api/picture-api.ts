import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { PictureDto } from "#server/api-types.ts";
import { api, pathParams, readJson } from "#client/lib/api-client.ts";
import { browseKeys } from "#client/lib/queries/browse.ts";
import { discussionRootKey } from "#client/lib/queries/discussion.ts";
import { favoritesQueryOptions, homeQueryOptions } from "#client/lib/queries/home.ts";
import { listKeys } from "#client/lib/queries/lists.ts";
import { profileKeys } from "#client/lib/queries/profile.ts";
import { sessionQueryOptions } from "#client/lib/queries/session.ts";

/** A member's own picture routes: the server answers 403 for anyone else's id. */
const pictureRoutes = api.users[":userId"].picture;
const userParam = (userId: string) => ({ param: pathParams({ userId }) });

/** The signed-in user's picture with its re-roll state (My Lists only). */
export const pictureQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["picture", userId] as const,
    queryFn: () => readJson(pictureRoutes.$get(userParam(userId))),
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
function showEverywhere(queryClient: QueryClient, userId: string, state: PictureDto) {
  queryClient.setQueryData(pictureQueryOptions(userId).queryKey, state);
  queryClient.setQueryData(sessionQueryOptions().queryKey, (user) =>
    user ? { ...user, profilePictureUrl: state.url } : user,
  );
  queryClient.setQueryData(profileKeys.me(), (profile) =>
    profile ? { ...profile, profilePictureUrl: state.url } : profile,
  );
  void queryClient.invalidateQueries({ predicate: (q) => PICTURE_QUERY_ROOTS.includes(q.queryKey[0]) });
}

function usePictureChange<Input>(userId: string, send: (input: Input) => Promise<PictureDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (state) => showEverywhere(queryClient, userId, state),
  });
}

/** The file itself is the body; the server judges it by its content, not the declared type. */
export const useUploadPicture = (userId: string) =>
  usePictureChange(userId, (file: File) =>
    readJson(
      pictureRoutes.$post(userParam(userId), {
        init: { body: file, headers: { "Content-Type": file.type || "application/octet-stream" } },
      }),
    ),
  );

export const useRerollPicture = (userId: string) =>
  usePictureChange(userId, () => readJson(pictureRoutes.reroll.$post(userParam(userId))));

export const useRestoreHeadshot = (userId: string) =>
  usePictureChange(userId, () => readJson(pictureRoutes.restore.$post(userParam(userId))));
