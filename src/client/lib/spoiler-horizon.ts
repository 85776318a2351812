import { useCallback, useState, useSyncExternalStore } from "react";
import {
  castawaySeason,
  decodeHorizon,
  encodeHorizon,
  type HiddenEntry,
  hasWatched,
  isHiddenEntry,
  type SpoilerHorizon,
} from "#shared/spoiler-horizon.ts";
import { useSession } from "./queries/session.ts";
import { readJson, removeKey, STORAGE_KEYS, writeJson } from "./storage.ts";

// The spoiler horizon on the client (docs/product.md, "Spoiler horizon"): a
// member's comes with their session, a visitor's is kept in this browser.
// Members get later castaways hidden by the server already; the same rule
// runs here for everyone, so an answer fetched whole for a reveal still
// shows only what was tapped.

export type { HiddenEntry, SpoilerHorizon };

const listeners = new Set<() => void>();
let visitorText: string | null | undefined;

function readVisitorText(): string | null {
  if (visitorText === undefined) {
    const stored = readJson<unknown>("local", STORAGE_KEYS.spoilerHorizon);
    visitorText = stored ? encodeHorizon(decodeHorizon(JSON.stringify(stored))) : null;
  }
  return visitorText;
}

/** The horizon this browser keeps for a visitor. */
export const readVisitorHorizon = (): SpoilerHorizon | null => decodeHorizon(readVisitorText());

export function saveVisitorHorizon(horizon: SpoilerHorizon | null): void {
  if (horizon) writeJson("local", STORAGE_KEYS.spoilerHorizon, horizon);
  else removeKey("local", STORAGE_KEYS.spoilerHorizon);
  visitorText = encodeHorizon(horizon);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The reader's horizon: the member's from their session, else the visitor's from this browser. */
export function useSpoilerHorizon(): { horizon: SpoilerHorizon | null; isMember: boolean } {
  const { user } = useSession();
  const visitor = useSyncExternalStore(subscribe, readVisitorText, () => null);
  const text = user ? ((user as { spoilerHorizon?: string | null }).spoilerHorizon ?? null) : visitor;
  return { horizon: decodeHorizon(text), isMember: Boolean(user) };
}

/** The season a shown entry is hidden under, or null when it shows. */
export function hiddenSeasonOf(
  entry: { id: string; isSeason?: boolean } | HiddenEntry,
  horizon: SpoilerHorizon | null,
): number | null {
  if (isHiddenEntry(entry)) return entry.season;
  if (entry.isSeason) return null;
  const season = castawaySeason(entry.id);
  return season !== null && !hasWatched(horizon, season) ? season : null;
}

/** What a list of entries shows under a horizon and the reveals made so far. */
export interface SpoilerGate {
  /** The season entry `index` is hidden under, or null when it shows. */
  hiddenSeason(entry: { id: string; isSeason?: boolean } | HiddenEntry, index: number): number | null;
  reveal(index: number): void;
  revealAll(): void;
  /** How many of `entries` are hidden now. */
  hiddenCount: number;
  /**
   * A reveal asked for an entry the server sent hidden: the caller fetches
   * the answer whole (`?spoilers=show`), and only the revealed ones show.
   */
  wantsWhole: boolean;
}

/** Reveals one at a time or all at once, for one list of entries (its place is the key). */
export function useSpoilerGate(
  entries: readonly ({ id: string; isSeason?: boolean } | HiddenEntry)[],
  /** Called once a reveal needs the answer whole (the caller refetches it). */
  onWantsWhole?: () => void,
): SpoilerGate {
  const { horizon } = useSpoilerHorizon();
  const [revealed, setRevealed] = useState<ReadonlySet<number> | "all">(() => new Set());
  const [wantsWhole, setWantsWhole] = useState(false);
  const hiddenSeason = useCallback(
    (entry: { id: string; isSeason?: boolean } | HiddenEntry, index: number) =>
      // One the server sent hidden stays so until the whole answer is here.
      isHiddenEntry(entry)
        ? entry.season
        : revealed === "all" || revealed.has(index)
          ? null
          : hiddenSeasonOf(entry, horizon),
    [horizon, revealed],
  );
  const serverHid = entries.some(isHiddenEntry);
  const wantWhole = () => {
    setWantsWhole(true);
    onWantsWhole?.();
  };
  return {
    hiddenSeason,
    reveal: (index) => {
      setRevealed((was) => (was === "all" ? was : new Set([...was, index])));
      if (serverHid) wantWhole();
    },
    revealAll: () => {
      setRevealed("all");
      if (serverHid) wantWhole();
    },
    hiddenCount: entries.reduce((n, e, i) => n + (hiddenSeason(e, i) === null ? 0 : 1), 0),
    wantsWhole,
  };
}

/** Whether a season entry is past the horizon: it shows with a small "not watched yet" mark. */
export const seasonNotWatched = (seasonNumber: number, horizon: SpoilerHorizon | null) =>
  !hasWatched(horizon, seasonNumber);
