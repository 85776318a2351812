import { eq } from "drizzle-orm";
import type { ConsensusEntry } from "../../cache/consensus-cache.ts";
import { consensusResults } from "../../db/schema/index.ts";
import { notFound } from "../../http/errors.ts";
import { asJsonBytes, type JsonBytes } from "../../http/json-bytes.ts";
import type { Store } from "../../store.ts";
import { getListDetail } from "../lists/lists.service.ts";
import { type Catalog, getCatalog } from "../seasons/catalog.ts";
import {
  CONSENSUS_MIN_BALLOTS,
  type CONSENSUS_ROWS,
  CONSENSUS_TOP_ROWS,
  type ConsensusKind,
  type ConsensusRow,
  type ConsensusSlice,
  consensusKey,
  DIVISIVE_ROWS,
  isConsensusSlice,
  type ListCloseness,
  SEASON_SLICES,
  castawaySliceOfSeason,
  seasonOfCastawaySlice,
} from "#shared/consensus.ts";
import { rankBiasedOverlap } from "#shared/global-rankings.ts";
import { headshotUrl, seasonLogoUrl } from "#shared/media-urls.ts";
import { globalRangesKey, type StoredRanges, type StoredSlice } from "./compute-consensus.ts";

/**
 * Community Consensus as pages read it (docs/product.md, "Community
 * Consensus"): the stored results of the last refresh
 * (consensus-refresher.ts), named and pictured from the catalogue.
 */

const SLICE_NOT_FOUND = "Consensus slice not found.";

async function storedRow(store: Store, key: string) {
  const [row] = await store.db.select().from(consensusResults).where(eq(consensusResults.key, key));
  return row ?? null;
}

function titleOf(catalog: Catalog, kind: ConsensusKind, slice: string): string | null {
  if (kind === "seasons") return SEASON_SLICES.find((s) => s.id === slice)?.label ?? null;
  if (slice === "all") return "All castaways";
  const n = seasonOfCastawaySlice(slice);
  return n === null ? null : (catalog.get(`s${n}`)?.name ?? null);
}

function picture(id: string, isSeason: boolean) {
  return isSeason ? seasonLogoUrl(id) : headshotUrl(id);
}

function named(catalog: Catalog, id: string) {
  const entry = catalog.get(id);
  const isSeason = entry?.isSeason ?? !id.includes("-");
  return {
    id,
    name: entry?.name ?? id,
    imageUrl: picture(id, isSeason),
    seasonName: isSeason ? null : (entry?.seasonName ?? null),
    seasonNumber: entry?.seasonNumber ?? 0,
  };
}

function toSlice(
  catalog: Catalog,
  kind: ConsensusKind,
  slice: string,
  title: string,
  row: { computedAt: Date; result: unknown } | null,
): ConsensusSlice {
  const stored = (row?.result as StoredSlice | undefined) ?? null;
  const ranked: ConsensusRow[] = (stored?.ranked ?? []).map((r) => ({
    ...named(catalog, r.id),
    rank: r.rank,
    low: r.low,
    high: r.high,
    ballots: r.ballots,
    top3Share: r.top3,
    divisiveness: r.spread,
  }));
  const divisive = ranked
    .filter((r) => r.divisiveness !== null)
    .sort((a, b) => b.divisiveness! - a.divisiveness! || a.rank - b.rank)
    .slice(0, DIVISIVE_ROWS);
  return {
    kind,
    slice,
    title,
    computedAt: row ? row.computedAt.toISOString() : null,
    ballotCount: stored?.ballotCount ?? 0,
    minBallots: stored?.minBallots ?? CONSENSUS_MIN_BALLOTS,
    ranked,
    rankedCount: ranked.length,
    unranked: (stored?.unranked ?? []).map((u) => ({ ...named(catalog, u.id), ballots: u.ballots })),
    unrankedCount: stored?.unranked.length ?? 0,
    divisive,
  };
}

async function sliceEntry(store: Store, kind: ConsensusKind, slice: string) {
  if (!isConsensusSlice(kind, slice)) throw notFound(SLICE_NOT_FOUND);
  const catalog = await getCatalog(store);
  const title = titleOf(catalog, kind, slice);
  if (title === null) throw notFound(SLICE_NOT_FOUND);
  const key = consensusKey(kind, slice);
  const entry = await store.caches.consensus.get(key, async (): Promise<ConsensusEntry> => {
    const value = toSlice(catalog, kind, slice, title, await storedRow(store, key));
    const encode = (v: ConsensusSlice) =>
      asJsonBytes<ConsensusSlice>(new TextEncoder().encode(JSON.stringify(v)));
    const top = {
      ...value,
      ranked: value.ranked.slice(0, CONSENSUS_TOP_ROWS),
      unranked: value.unranked.slice(0, CONSENSUS_TOP_ROWS),
    };
    return { slice: value, top: encode(top), all: encode(value) };
  });
  return entry as Extract<ConsensusEntry, { slice: ConsensusSlice }>;
}

/** One slice of the consensus; 404 for a slice that does not exist (a season the show has not had). */
export async function consensusSlice(
  store: Store,
  kind: ConsensusKind,
  slice: string,
): Promise<ConsensusSlice> {
  return (await sliceEntry(store, kind, slice)).slice;
}

/**
 * The same as the API sends it: the first CONSENSUS_TOP_ROWS rows, or all;
 * encoded once per refresh, so compressed once too.
 */
export async function consensusSliceJson(
  store: Store,
  kind: ConsensusKind,
  slice: string,
  rows: (typeof CONSENSUS_ROWS)[number],
): Promise<JsonBytes<ConsensusSlice>> {
  return (await sliceEntry(store, kind, slice))[rows];
}

/** The rank ranges of a Global Rankings category's top 10, by castaway id; empty before the first refresh. */
export async function globalRankRanges(
  store: Store,
  categoryId: string,
): Promise<Map<string, { low: number; high: number }>> {
  const key = globalRangesKey(categoryId);
  const entry = await store.caches.consensus.get(key, async (): Promise<ConsensusEntry> => {
    const row = await storedRow(store, key);
    return { ranges: (row?.result as StoredRanges | undefined) ?? null };
  });
  const ranges = (entry as { ranges: StoredRanges | null }).ranges?.ranges ?? [];
  return new Map(ranges.map((r) => [r.id, { low: r.low, high: r.high }]));
}

/**
 * How close a list is to the community: rank-biased overlap with the
 * consensus of its kind, to the list's own depth. A castaway list of one
 * season's cast is compared with that season's consensus, the rest with the
 * overall one. The owner also gets their hottest take: the entry furthest
 * from its consensus rank.
 */
export async function listCloseness(
  store: Store,
  ownerId: string,
  listId: string,
  viewerId: string | null,
): Promise<ListCloseness> {
  const list = await getListDetail(store, ownerId, listId, viewerId);
  const ids = list.items.map((e) => e.id);
  if (!list.kind || ids.length === 0) throw notFound("This list has no consensus to compare with.");
  const kind = list.kind as ConsensusKind;
  const seasonsOfItems = new Set(list.items.map((e) => e.seasonNumber));
  const slice =
    kind === "castaways" && seasonsOfItems.size === 1
      ? castawaySliceOfSeason([...seasonsOfItems][0]!)
      : "all";
  const consensus = await consensusSlice(store, kind, slice);
  if (consensus.computedAt === null || consensus.ranked.length === 0) {
    return { kind, slice, closeness: null, hottestTake: null, computedAt: consensus.computedAt };
  }
  const order = consensus.ranked.map((r) => r.id);
  const depth = ids.length;
  const community = [...order.slice(0, depth), ...Array<null>(Math.max(0, depth - order.length)).fill(null)];
  const closeness = rankBiasedOverlap(ids, community);
  let hottestTake: ListCloseness["hottestTake"] = null;
  if (list.viewer.isOwner) {
    const rankOf = new Map(consensus.ranked.map((r) => [r.id, r.rank]));
    let furthest = -1;
    list.items.forEach((e, i) => {
      const communityRank = rankOf.get(e.id);
      if (communityRank === undefined) return;
      const distance = Math.abs(communityRank - (i + 1));
      if (distance > furthest) {
        furthest = distance;
        hottestTake = { id: e.id, name: e.name, listRank: i + 1, communityRank };
      }
    });
  }
  return { kind, slice, closeness, hottestTake, computedAt: consensus.computedAt };
}
