import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "#client/components/ui/toast.tsx";
import { api, readJson } from "#client/lib/api-client.ts";
import { profileKeys } from "#client/lib/queries/profile.ts";
import { TIMERS_MS } from "#shared/limits.ts";
import { PROFILE_MESSAGES } from "#shared/profile.ts";

/** The server draws (5 %, rate-limited): the client only asks and celebrates. */
export const postIdolDraw = () => readJson(api.me["idol-draws"].$post());

/**
 * A season-card click of a signed-in person. A find shows the idol toast for
 * 3 s and refreshes profile counts (the idol count among them); failures
 * (429, offline) are part of the game's noise and stay out of the way.
 */
export function useIdolDraw() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: postIdolDraw,
    onSuccess: async (result) => {
      if (!result.found) return;
      toast.show(PROFILE_MESSAGES.idolFound, TIMERS_MS.idolToast);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
    onError: (error) => {
      console.debug("idol draw failed", error);
    },
  });
}
