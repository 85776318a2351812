import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "#client/lib/api-client.ts";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  profilePictureUrl?: string | null;
  idolsFound?: number;
}

interface SessionResponse {
  user: SessionUser;
  session: { id: string; expiresAt: string };
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ["session"],
    queryFn: async () => (await apiFetch<SessionResponse | null>("/api/auth/get-session"))?.user ?? null,
    staleTime: 60_000,
  });

export function useSession() {
  const query = useQuery(sessionQueryOptions());
  return { user: query.data ?? null, isPending: query.isPending };
}

export interface ProvidersResponse {
  google: boolean;
  twitter: boolean;
}

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ["auth", "providers"],
    queryFn: () => apiFetch<ProvidersResponse>("/api/auth/providers"),
    staleTime: Infinity,
  });
