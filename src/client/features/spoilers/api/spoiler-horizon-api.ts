import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api, readJson } from "#client/lib/api-client.ts";
import { useSession } from "#client/lib/queries/session.ts";
import { readVisitorHorizon, saveVisitorHorizon, useSpoilerHorizon } from "#client/lib/spoiler-horizon.ts";
import type { SpoilerHorizon } from "#shared/spoiler-horizon.ts";

const putHorizon = async (horizon: SpoilerHorizon | null) =>
  (await readJson(api.me["spoiler-horizon"].$put({ json: { horizon } }))).horizon;

/**
 * A new horizon changes what every answer hides (the server hides for
 * members): the session, which carries it, and every shown answer refetch.
 */
const refreshAll = (queryClient: QueryClient) => queryClient.invalidateQueries();

/** Saves the reader's horizon: on the server for a member, in this browser for a visitor. */
export function useSaveSpoilerHorizon() {
  const queryClient = useQueryClient();
  const { isMember } = useSpoilerHorizon();
  return useMutation({
    mutationFn: async (horizon: SpoilerHorizon | null) => {
      if (isMember) return putHorizon(horizon);
      saveVisitorHorizon(horizon);
      return horizon;
    },
    onSuccess: () => (isMember ? refreshAll(queryClient) : undefined),
  });
}

/**
 * A visitor who set a horizon and then signs in to an account without one
 * brings it along (docs/product.md, "Spoiler horizon"): it is saved on the
 * server and leaves this browser.
 */
let carrying = false;

export function useCarryOverSpoilerHorizon() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const serverText = user ? ((user as { spoilerHorizon?: string | null }).spoilerHorizon ?? null) : undefined;
  // A write, not a read: it follows the sign-in, which no event of ours announces.
  useEffect(() => {
    if (!user || serverText || carrying) return;
    const visitor = readVisitorHorizon();
    if (!visitor) return;
    carrying = true;
    void putHorizon(visitor)
      .then(() => {
        saveVisitorHorizon(null);
        return refreshAll(queryClient);
      })
      // Not carried now: the next page load tries again.
      .catch(() => undefined)
      .finally(() => {
        carrying = false;
      });
  }, [user, serverText, queryClient]);
}
