import {
  CONSENSUS_KINDS,
  type ConsensusKind,
  castawaySliceOfSeason,
  isConsensusSlice,
  SEASON_SLICES,
} from "#shared/consensus.ts";

/** Which slice the page shows; it lives in the address, so a slice can be shared. */
export interface ConsensusView {
  kind: ConsensusKind;
  slice: string;
}

export const DEFAULT_VIEW: ConsensusView = { kind: "seasons", slice: "all" };

const isKind = (value: string | null): value is ConsensusKind =>
  (CONSENSUS_KINDS as readonly string[]).includes(value ?? "");

/**
 * The view an address's search params name: `?kind=castaways&slice=season-20`.
 * A kind nobody knows is the default kind; a slice that is not one of the
 * kind's is that kind's "all".
 */
export function viewOfParams(params: URLSearchParams): ConsensusView {
  const kindParam = params.get("kind");
  const kind = isKind(kindParam) ? kindParam : DEFAULT_VIEW.kind;
  const slice = params.get("slice") ?? "";
  return { kind, slice: isConsensusSlice(kind, slice) ? slice : "all" };
}

/** The search params of a view (both named, so a shared address says what it shows). */
export function paramsOfView(view: ConsensusView): URLSearchParams {
  return new URLSearchParams({ kind: view.kind, slice: view.slice });
}

export interface SliceOption {
  id: string;
  label: string;
}

/** The picker's choices: the eras for seasons; every castaway, then each season's cast, for castaways. */
export function sliceOptions(
  kind: ConsensusKind,
  seasons: readonly { number: number; name: string }[],
): SliceOption[] {
  if (kind === "seasons") return SEASON_SLICES.map((s) => ({ id: s.id, label: s.label }));
  return [
    { id: "all", label: "All castaways" },
    ...[...seasons]
      .sort((a, b) => a.number - b.number)
      .map((s) => ({ id: castawaySliceOfSeason(s.number), label: `${s.number}. ${s.name}` })),
  ];
}

/** A divisiveness (0..1) as the table shows it: "42%". */
export const spreadLabel = (divisiveness: number) => `${Math.round(divisiveness * 100)}%`;

/** "#4": a rank as the page writes it. */
export const rankLabel = (rank: number) => `#${rank}`;
