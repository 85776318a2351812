import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useToast } from "#client/components/ui/toast.tsx";
import { apiFetch } from "#client/lib/api-client.ts";
import { TIMERS_MS } from "#shared/limits.ts";
import { PROFILE_MESSAGES } from "#shared/profile.ts";

export interface IdolDrawResult {
  found: boolean;
  idolsFound: number;
}

/** The server draws (5 %, rate-limited): the client only asks and celebrates. */
export function postIdolDraw(): Promise<IdolDrawResult> {
  return apiFetch<IdolDrawResult>("/api/me/idol-draws", { method: "POST" });
}

/** Every query under this key shows profile figures, the idol count among them. */
export const PROFILE_QUERY_ROOT = ["profile"] as const;

/**
 * A season-card click of a signed-in person. A find shows the spec's toast for
 * 3 s and refreshes profile counts; failures (429, offline) are part of the
 * game's noise and stay out of the way.
 */
export function useIdolDraw() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: postIdolDraw,
    onSuccess: async (result) => {
      if (!result.found) return;
      toast.show(PROFILE_MESSAGES.idolFound, TIMERS_MS.idolToast);
      await queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_ROOT });
    },
    onError: (error) => {
      console.debug("idol draw failed", error);
    },
  });
}
