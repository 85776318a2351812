/** The page's own texts, beside the shared ones in #shared/consensus.ts (CONSENSUS_TEXTS). */
export const CONSENSUS_PAGE_TEXTS = {
  description: "The Survivor community's ranking of every season and castaway, fitted from all public lists.",
  tabsLabel: "Rank",
  seasonsPicker: "Era",
  castawaysPicker: "Season",
  loading: "Loading the consensus...",
  loadFailed: "The consensus could not be loaded. Please try again.",
  notFound: "There is no consensus for that season.",
  noneRanked: "Nothing here is on enough lists to be ranked yet.",
  rankedLabel: (title: string) => `${title}: community ranking`,
  rankColumn: "Rank",
  nameColumn: "Name",
  spreadColumn: "Spread",
  spreadNote: "How far apart the lists place it: 0% is full agreement.",
  methodLabel: "How the consensus is fitted",
} as const;

/** "From 12 members' lists": how many voices the fit heard. */
export const ballotCountLabel = (n: number) =>
  n === 1 ? "From 1 member's lists" : `From ${n} members' lists`;
