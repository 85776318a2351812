// The one URL scheme for images, shared by the server's routes and the client.
// Every URL here answers with an image (an operator's file or a generated one),
// so an <img> built from these never breaks.

export const MEDIA_PREFIX = "/media";
export const PLACEHOLDER_URL = `${MEDIA_PREFIX}/placeholder`;

/** A season id as stored: 's' and the season number, e.g. 's12'. */
export const SEASON_ID_PATTERN = /^s[1-9][0-9]{0,2}$/;
/** An appearance id: season id, '-', a kebab-case slug, e.g. 's1-richard-hatch'. */
export const APPEARANCE_ID_PATTERN = /^s[1-9][0-9]{0,2}-[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const APPEARANCE_ID_MAX = 120;

export function isSeasonId(value: string): boolean {
  return SEASON_ID_PATTERN.test(value);
}

export function isAppearanceId(value: string): boolean {
  return value.length <= APPEARANCE_ID_MAX && APPEARANCE_ID_PATTERN.test(value);
}

/** 's12' -> 12; null for anything that is not a season id. */
export function seasonNumberOf(seasonId: string): number | null {
  return isSeasonId(seasonId) ? Number(seasonId.slice(1)) : null;
}

/** The season part of an appearance id: 's12-rob-mariano' -> 's12'. */
export function seasonIdOfAppearance(appearanceId: string): string | null {
  return isAppearanceId(appearanceId) ? appearanceId.slice(0, appearanceId.indexOf("-")) : null;
}

/** Headshot of one appearance; a malformed id gets the placeholder rather than a broken image. */
export function headshotUrl(appearanceId: string): string {
  return isAppearanceId(appearanceId) ? `${MEDIA_PREFIX}/headshots/${appearanceId}` : PLACEHOLDER_URL;
}

/** Logo of one season; a malformed id gets the placeholder rather than a broken image. */
export function seasonLogoUrl(seasonId: string): string {
  return isSeasonId(seasonId) ? `${MEDIA_PREFIX}/seasons/${seasonId}` : PLACEHOLDER_URL;
}

/** The neutral silhouette shown where a profile picture or image is missing. */
export function placeholderUrl(): string {
  return PLACEHOLDER_URL;
}
