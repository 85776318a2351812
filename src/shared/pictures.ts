/** Profile picture texts and rules (docs/product.md, Profiles and pictures). */
export const PICTURE_MESSAGES = {
  upload: "Upload Picture",
  reroll: "Re-roll Random",
  restore: "Restore Headshot",
  invalidFile: "Please select a valid image file.",
  noFileOrUser: "No file selected or user not logged in.",
  uploadFailed: (message: string) => `Upload failed: ${message}. Check storage rules.`,
  storageUnavailable: "File storage is not configured or not reachable, so the upload failed.",
  rerollNoPicture: "Could not get a new random picture. Please try again.",
  rerollFailed: "Failed to re-roll picture. Please try again.",
  restoreFailed: "Failed to restore last headshot. Please try again.",
  tooLarge: "This picture is too large: at most 5 MB.",
  tooManyPixels: "This picture has too many pixels: at most 40 megapixels.",
  uploadRunning: "An upload is already in progress.",
  cooldown: "You can re-roll your picture once every 24 hours.",
  nothingToRestore: "There is no rolled headshot to restore.",
} as const;

export const PICTURE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxPixels: 40_000_000,
  /** Random headshots come from seasons 1 to 46. */
  headshotSeasons: 46,
  headshotRetries: 2,
} as const;

/** The small (64 px) version of a picture URL: uploaded pictures have one; headshots are small already. */
export const smallPictureUrl = (url: string) => url.replace(/-256\.webp$/, "-64.webp");

/** 'Nh Nm' until the next re-roll, never negative. */
export function cooldownLabel(remainingMs: number): string {
  const minutes = Math.max(0, Math.ceil(remainingMs / 60_000));
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
