/**
 * Community Consensus: the community's ranking of every season and castaway,
 * fitted from all public lists (docs/product.md, "Community Consensus";
 * the model: docs/decisions/016-consensus-model.md). What the API answers and
 * the page shows; the server computes, the client draws.
 */

export const CONSENSUS_KINDS = ["seasons", "castaways"] as const;
export type ConsensusKind = (typeof CONSENSUS_KINDS)[number];

/** Items on fewer ballots (members) than this are listed apart, not ranked. */
export const CONSENSUS_MIN_BALLOTS = 5;
/**
 * Ranked (and unranked) rows an answer holds unless all are asked for
 * (`?rows=all`): all castaways are 917 rows, a few hundred kilobytes.
 */
export const CONSENSUS_TOP_ROWS = 100;
export const CONSENSUS_ROWS = ["top", "all"] as const;
/** Rows of the "Most divisive" table. */
export const DIVISIVE_ROWS = 5;
/** After a list changes, the consensus it touches is recomputed within this. */
export const CONSENSUS_FRESH_MS = 60_000;

/** Season slices by era: the address's `slice` for seasons. */
export const SEASON_SLICES = [
  { id: "all", label: "All seasons", first: 1, last: Number.POSITIVE_INFINITY },
  { id: "1-20", label: "Seasons 1–20", first: 1, last: 20 },
  { id: "21-40", label: "Seasons 21–40", first: 21, last: 40 },
  { id: "41-on", label: "Seasons 41 and later", first: 41, last: Number.POSITIVE_INFINITY },
] as const;
export type SeasonSliceId = (typeof SEASON_SLICES)[number]["id"];

/** Castaway slices: "all" (every castaway) or "season-<n>" (the cast of season n). */
export const castawaySliceOfSeason = (seasonNumber: number) => `season-${seasonNumber}`;
export function seasonOfCastawaySlice(slice: string): number | null {
  const m = /^season-([1-9][0-9]{0,2})$/.exec(slice);
  return m ? Number(m[1]) : null;
}

/** Whether `slice` names a slice of `kind` (a season slice may name a season that does not exist: the API says 404). */
export function isConsensusSlice(kind: ConsensusKind, slice: string): boolean {
  if (kind === "seasons") return SEASON_SLICES.some((s) => s.id === slice);
  return slice === "all" || seasonOfCastawaySlice(slice) !== null;
}

/** The key a slice's stored result goes under: "seasons:all", "castaways:season-20". */
export const consensusKey = (kind: ConsensusKind, slice: string) => `${kind}:${slice}`;

/** One ranked item of a slice. */
export interface ConsensusRow {
  /** Season id ('s20') or appearance id ('s20-parvati-shallow'). */
  id: string;
  name: string;
  imageUrl: string;
  /** The castaway's season ("Heroes vs. Villains"); null for seasons. */
  seasonName: string | null;
  seasonNumber: number;
  rank: number;
  /** The 90 % rank range, always holding `rank`: shown "#4 (3–6)". */
  low: number;
  high: number;
  /** Members whose lists include it. */
  ballots: number;
  /** Share of the slice's ballots with it in their top 3, 0..1. */
  top3Share: number;
  /** Spread of its places across ballots, 0..1 (see the decision record); null when too few place it. */
  divisiveness: number | null;
}

/** An item with too little support to rank. */
export interface ConsensusUnrankedRow {
  id: string;
  name: string;
  imageUrl: string;
  seasonName: string | null;
  seasonNumber: number;
  ballots: number;
}

export interface ConsensusSlice {
  kind: ConsensusKind;
  slice: string;
  /** "All seasons", "Seasons 21–40", "All castaways", "Heroes vs. Villains". */
  title: string;
  /** When the fit that made this answer ran (ISO 8601); null before the first one. */
  computedAt: string | null;
  /** Members with a list reaching this slice. */
  ballotCount: number;
  minBallots: number;
  /** The first CONSENSUS_TOP_ROWS ranked items, or all with `?rows=all`. */
  ranked: ConsensusRow[];
  /** How many items are ranked in all (more than `ranked` holds when it was cut). */
  rankedCount: number;
  /** Likewise for the unranked, most ballots first. */
  unranked: ConsensusUnrankedRow[];
  unrankedCount: number;
  /** The most divisive ranked items, most first (at most DIVISIVE_ROWS). */
  divisive: ConsensusRow[];
}

/** The seasons the castaway slices can name, for the page's picker. */
export interface ConsensusSeasonOption {
  seasonNumber: number;
  name: string;
}

/** How close one list is to the community (the list page). */
export interface ListCloseness {
  kind: ConsensusKind;
  /** The slice compared with: "all", or the season of a castaway list of one season's cast ("season-45"). */
  slice: string;
  /** Rank-biased overlap with the consensus of the list's kind, 0..1; null before the first fit. */
  closeness: number | null;
  /** For the list's owner only: the entry furthest from its consensus rank. */
  hottestTake: { id: string; name: string; listRank: number; communityRank: number } | null;
  computedAt: string | null;
}

export const CONSENSUS_TEXTS = {
  title: "Community Consensus",
  seasonsTab: "Seasons",
  castawaysTab: "Castaways",
  explanation:
    "Every public list counts as a series of choices — its #1 picked from everything, its #2 from what was left — and we fit the strengths that best explain all of those choices (a Plackett–Luce model), so leaving an item out of a top 10 counts against it. Each member's lists together are one voice, and the range after each rank holds 90 % of where it could fall given how much the lists agree.",
  divisiveHeading: "Most divisive",
  unrankedHeading: "Not enough lists yet",
  notComputed: "The community consensus has not been computed yet. Check back in a minute.",
  closenessHeading: "How close is this list to the community?",
  closenessExplanation:
    "Rank-biased overlap with the Community Consensus: 100% would be the community's own order, and agreement near the top counts most.",
  hottestTake: "Your hottest take",
} as const;

export const showAllLabel = (n: number) => `Show all ${n}`;
export const inListsLabel = (n: number) => (n === 1 ? "in 1 list" : `in ${n} lists`);
export const rankRangeLabel = (low: number, high: number) => `(${low}–${high})`;
export const minBallotsLabel = (n: number) => `Ranked once on at least ${n} members' lists.`;
export const computedAtLabel = (when: string) => `Last computed ${when}`;
export const hottestTakeLabel = (t: { name: string; listRank: number; communityRank: number }) =>
  `#${t.listRank} ${t.name} — community #${t.communityRank}`;
