// The spoiler horizon (docs/product.md, "Spoiler horizon"): the seasons a
// person has watched. Castaways of the other seasons are shown hidden.

/** "Watched up to season N" (0: none yet), or exactly these seasons. */
export type SpoilerHorizon = { upTo: number } | { seasons: number[] };

/** A castaway shown hidden: only its season, never its name, picture or id. */
export interface HiddenEntry {
  hidden: true;
  season: number;
}

/** The highest season number a horizon may name (the show is far from it). */
export const SPOILER_SEASON_MAX = 200;

export const SPOILER_TEXTS = {
  hidden: (season: number) => `Hidden: season ${season}`,
  reveal: "reveal",
  revealAll: "Reveal all",
  notWatched: "Not watched yet",
  headerButton: "Spoilers",
  headerButtonSet: (h: SpoilerHorizon) => describeHorizonShort(h),
  settingsTitle: "Spoiler horizon",
  settingsIntro:
    "Castaways from seasons you have not watched yet are hidden until you tap them. Lists of seasons are never hidden.",
  upToOption: "I've watched up to season",
  pickOption: "I've watched exactly these seasons",
  offOption: "Show everything (no horizon)",
  save: "Save",
  saved: "Spoiler horizon saved.",
  saveFailed: "Could not save your spoiler horizon. Please try again.",
  promptText:
    "Still catching up? Tell us how far you've watched and we'll hide castaways from later seasons.",
  promptSet: "Set my horizon",
  promptDismiss: "No thanks",
  visitorNote: "Kept in this browser; sign in to keep it on every device.",
  sharePictures: (seasons: readonly number[]) =>
    `These pictures show castaways from ${seasons.length === 1 ? "season" : "seasons"} ${seasons.join(", ")}, past your spoiler horizon. They are made for others, so they show everyone.`,
  showPictures: "Show the pictures",
} as const;

/** Whether a season is inside the horizon (no horizon: everything is). */
export function hasWatched(horizon: SpoilerHorizon | null, season: number): boolean {
  if (!horizon) return true;
  return "upTo" in horizon ? season <= horizon.upTo : horizon.seasons.includes(season);
}

/** A castaway appearance's season, read off its id ('s45-…'); null for a season id or anything else. */
export function castawaySeason(id: string): number | null {
  const match = /^s(\d{1,3})-/.exec(id);
  return match ? Number(match[1]) : null;
}

/** A season id's number ('s45' → 45); null otherwise. */
export function seasonNumberOf(id: string): number | null {
  const match = /^s(\d{1,3})$/.exec(id);
  return match ? Number(match[1]) : null;
}

export const isHiddenEntry = (value: unknown): value is HiddenEntry =>
  typeof value === "object" && value !== null && (value as { hidden?: unknown }).hidden === true;

/** The same horizon in its one written form: seasons sorted, each once. */
export function normalizeHorizon(horizon: SpoilerHorizon): SpoilerHorizon {
  if ("upTo" in horizon) return { upTo: horizon.upTo };
  return { seasons: [...new Set(horizon.seasons)].sort((a, b) => a - b) };
}

/** How the header's button names a horizon: "Up to S30", "12 seasons". */
export function describeHorizonShort(horizon: SpoilerHorizon): string {
  if ("upTo" in horizon) return horizon.upTo === 0 ? "No seasons" : `Up to S${horizon.upTo}`;
  const n = horizon.seasons.length;
  return `${n} season${n === 1 ? "" : "s"}`;
}

/** The stored text of a horizon (the user row's column, the browser's storage), and back. */
export const encodeHorizon = (horizon: SpoilerHorizon | null): string | null =>
  horizon ? JSON.stringify(normalizeHorizon(horizon)) : null;

export function decodeHorizon(text: string | null | undefined): SpoilerHorizon | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== "object" || value === null) return null;
    const v = value as { upTo?: unknown; seasons?: unknown };
    const ok = (n: unknown): n is number =>
      typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= SPOILER_SEASON_MAX;
    if (ok(v.upTo)) return { upTo: v.upTo };
    if (Array.isArray(v.seasons) && v.seasons.every(ok)) return normalizeHorizon({ seasons: v.seasons });
    return null;
  } catch {
    return null;
  }
}
