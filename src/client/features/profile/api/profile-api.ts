import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileStats } from "#server/modules/profiles/profiles.service.ts";
import { apiFetch } from "#client/lib/api-client.ts";

export type { ProfileStats };

/** Profile queries live under ["profile", ...], so list changes can refresh the figures. */
export const profileKeys = {
  all: ["profile"] as const,
  me: () => ["profile", "me"] as const,
};

export const myProfileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.me(),
    queryFn: async () => (await apiFetch<{ profile: ProfileStats }>("/api/me/profile")).profile,
  });

// Other features' keys, named here rather than imported (features stay apart):
// the header greets by the session's name, and list cards carry the owner's name.
const SESSION_KEY = ["session"] as const;
const LISTS_KEY = ["lists"] as const;

export function useChangeUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (displayName: string) =>
      (await apiFetch<{ displayName: string }>("/api/me/profile", { method: "PATCH", json: { displayName } }))
        .displayName,
    onSuccess: (displayName) => {
      queryClient.setQueryData(profileKeys.me(), (old) => (old ? { ...old, name: displayName } : old));
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      void queryClient.invalidateQueries({ queryKey: LISTS_KEY });
    },
  });
}
