import { queryOptions } from "@tanstack/react-query";
import type { ProfileStats } from "#server/modules/profiles/profiles.service.ts";
import { apiFetch } from "#client/lib/api-client.ts";
import type { ListCardDto } from "#client/lib/list-types.ts";

export type PublicProfile = ProfileStats;

export interface PublicProfilePage {
  profile: PublicProfile;
  lists: ListCardDto[];
}

/**
 * Anyone's profile and public lists. The key sits under ["profile"], so a
 * username change (which invalidates ["profile"]) refreshes it too.
 */
export const publicProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ["profile", "public", userId] as const,
    queryFn: ({ signal }) =>
      apiFetch<PublicProfilePage>(`/api/users/${encodeURIComponent(userId)}`, { signal }),
  });
