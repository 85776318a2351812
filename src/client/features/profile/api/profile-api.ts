import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, readJson } from "#client/lib/api-client.ts";
import { listKeys } from "#client/lib/queries/lists.ts";
import { profileKeys } from "#client/lib/queries/profile.ts";
import { sessionQueryOptions } from "#client/lib/queries/session.ts";

export function useChangeUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (displayName: string) =>
      (await readJson(api.me.profile.$patch({ json: { displayName } }))).displayName,
    onSuccess: (displayName) => {
      queryClient.setQueryData(profileKeys.me(), (old) => (old ? { ...old, name: displayName } : old));
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      // The header greets by the session's name, and list cards carry the owner's name.
      void queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: listKeys.all });
    },
  });
}
