/** Ten slots; first place scores 10 points, tenth 1, an empty slot nothing (docs/product.md, Global Rankings). */
export const GLOBAL_SLOTS = 10;
export const pointsForSlot = (index: number) => GLOBAL_SLOTS - index;

export const GLOBAL_MESSAGES = {
  overviewTitle: "Global Rankings",
  overviewDescription:
    "The community's top 10 for each season: rank your ten favourite castaways and every vote counts toward the results.",
  legacyButton: "Global Rankings Legacy",
  legacyTitle: "Global Rankings Legacy",
  legacyExplanation:
    "These are the final community votes of earlier seasons. Voting on them is now closed; the results stay here.",
  backToCurrent: "Back to Current Rankings",
  loadingOverview: "Loading global rankings...",
  emptyList: "This list is empty",
  loadingLegacy: "Loading legacy ranking...",
  legacyEmpty: "No data available for this legacy ranking",
  totalSubmissions: "Total Submissions",
  resultsHeading: "Global Top 10 Results",
  editHeading: "Edit Your Submission",
  voteHeading: "Vote for Your Top 10",
  loginToVote: "Login to Vote",
  viewMine: "View/Edit My Submission",
  viewGlobal: "View Global Ranking",
  submit: "Submit My Ranking",
  submitting: "Submitting...",
  submitted: "Ranking Submitted!",
  mineTitle: "My Submitted Ranking",
  createTitle: "Create Your Ranking",
  notYetAvailable: "Global ranking not yet available.",
  checking: "Checking submission status...",
  tapToVote: "tap to vote!",
  loadFailed: "Failed to load global ranking.",
  submitFailed: "Failed to submit ranking. Please try again.",
  mustLogIn: "You must be logged in to submit a ranking.",
  dataMissing: "Cannot submit ranking. List data is missing.",
  selectSlotFirst: "Please click a ranking slot first to select where to add the contestant.",
  closed: "Voting on this category is closed.",
  emptySubmission: "Rank at least one castaway before submitting.",
  notInSeason: "Only castaways of this season can be ranked here.",
} as const;

export const voteSlotName = (position: number) => `Vote for #${position}`;
export const legacySlotName = (position: number) => `#${position}`;
export const alreadyRanked = (name: string, position: number) =>
  `${name} is already ranked at position ${position}.`;
export const pointsLabel = (points: number) => `${points} points`;
export const totalVotesLabel = (votes: number) => `Total Votes: ${votes}`;

/**
 * Rank-biased overlap (Webber et al. 2010), extrapolated, of two rankings of
 * equal depth: 1 for the same order, 0 for nothing in common; agreement near
 * the top weighs more (p = 0.9: the first ten ranks carry about 65 % of it).
 */
export function rankBiasedOverlap(
  a: readonly (string | null)[],
  b: readonly (string | null)[],
  p = 0.9,
): number {
  const k = Math.min(a.length, b.length);
  if (k === 0) return 0;
  const seenA = new Set<string>();
  const seenB = new Set<string>();
  let overlap = 0;
  let sum = 0;
  for (let d = 1; d <= k; d++) {
    const x = a[d - 1];
    const y = b[d - 1];
    if (x) {
      if (seenB.has(x)) overlap++;
      seenA.add(x);
    }
    if (y && y !== x) {
      if (seenA.has(y)) overlap++;
      seenB.add(y);
    } else if (y && y === x) {
      overlap++;
      seenB.add(y);
    }
    sum += (overlap / d) * p ** d;
  }
  return (overlap / k) * p ** k + ((1 - p) / p) * sum;
}

/** A castaway in a category's top 10. */
export interface RankedCastaway {
  id: string;
  name: string;
  imageUrl: string;
  seasonName: string | null;
  /** Absent for imported legacy results that carry no score. */
  totalScore?: number;
  firstPlaceVotes?: number;
  /**
   * The 90 % rank range of this place, from a bootstrap over the submissions
   * (shown "#4 (3–6)"); null for closed and legacy categories and before the
   * first computation.
   */
  range?: { low: number; high: number } | null;
}

/** A Global Rankings category with its community top 10. */
export interface CategorySummary {
  id: string;
  name: string;
  description: string;
  seasonNumber: number;
  status: "open" | "closed";
  totalSubmissions: number;
  top10: RankedCastaway[];
}
