import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SeasonDto } from "#server/api-types.ts";
import { api, readJson } from "./api-client.ts";
import { imageUrlFor, type PickItem } from "./pick-item.ts";

export type { SeasonDto };

export interface Catalog {
  seasons: SeasonDto[];
  /** Every season and appearance by id, ready to show. */
  byId: Map<string, PickItem>;
  seasonItems: PickItem[];
  castawaysOf(seasonId: string): PickItem[];
}

export function buildCatalog(seasons: SeasonDto[]): Catalog {
  const byId = new Map<string, PickItem>();
  const casts = new Map<string, PickItem[]>();
  const seasonItems: PickItem[] = [];
  for (const s of seasons) {
    const seasonItem: PickItem = {
      id: s.id,
      name: s.name,
      isSeason: true,
      seasonId: s.id,
      seasonName: s.name,
      seasonNumber: s.number,
      imageUrl: imageUrlFor(s.id, true),
    };
    byId.set(s.id, seasonItem);
    seasonItems.push(seasonItem);
    const cast = s.castaways.map((c) => ({
      id: c.id,
      name: c.name,
      nickname: c.shortName,
      isSeason: false,
      seasonId: s.id,
      seasonName: s.name,
      seasonNumber: s.number,
      imageUrl: imageUrlFor(c.id, false),
    }));
    for (const item of cast) byId.set(item.id, item);
    casts.set(s.id, cast);
  }
  return { seasons, byId, seasonItems, castawaysOf: (id) => casts.get(id) ?? [] };
}

/** Reference data: fetched once, revalidated by ETag, kept for the whole visit. */
export const seasonsQueryOptions = () =>
  queryOptions({
    queryKey: ["seasons"] as const,
    queryFn: async () => buildCatalog((await readJson(api.seasons.$get())).seasons),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useCatalog() {
  return useQuery(seasonsQueryOptions());
}
