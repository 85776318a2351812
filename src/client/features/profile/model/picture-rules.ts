import type { PictureDto } from "#server/api-types.ts";
import { TIMERS_MS } from "#shared/limits.ts";
import { cooldownLabel, PICTURE_LIMITS, PICTURE_MESSAGES } from "#shared/pictures.ts";

/** What the picture's second button does now (docs/product.md, Profiles and pictures). */
export type RerollButton =
  | { action: "reroll"; label: string; disabled: false }
  | { action: "restore"; label: string; disabled: false }
  | { action: "wait"; label: string; disabled: true };

/**
 * Never rolled, or still showing the last rolled headshot: re-roll, unless the
 * 24-hour cooldown runs ('Nh Nm' on a disabled button). Showing something else
 * (an upload): bring the last rolled headshot back.
 */
export function rerollButton(
  state: Pick<PictureDto, "url" | "lastRolledHeadshot" | "nextRerollAt">,
  now: number,
): RerollButton {
  if (state.lastRolledHeadshot && state.url !== state.lastRolledHeadshot) {
    return { action: "restore", label: PICTURE_MESSAGES.restore, disabled: false };
  }
  // `now` ticks once a minute, so right after a roll it can be up to a minute
  // old: never show more than the cooldown itself.
  const remaining = state.nextRerollAt
    ? Math.min(Date.parse(state.nextRerollAt) - now, TIMERS_MS.rerollCooldown)
    : 0;
  if (remaining > 0) return { action: "wait", label: cooldownLabel(remaining), disabled: true };
  return { action: "reroll", label: PICTURE_MESSAGES.reroll, disabled: false };
}

/** The checks before an upload; null when the file may go. */
export function uploadRefusal(file: Pick<File, "type" | "size"> | null, signedIn: boolean): string | null {
  if (!file || !signedIn) return PICTURE_MESSAGES.noFileOrUser;
  if (!isImageType(file.type)) return PICTURE_MESSAGES.invalidFile;
  // The server would say so too, but only after the whole file went up.
  if (file.size > PICTURE_LIMITS.maxBytes) return PICTURE_MESSAGES.tooLarge;
  return null;
}

/** What the browser declares: a first filter only, the server decides by the content. */
export const isImageType = (type: string) => type.startsWith("image/");

interface Failure {
  code?: string;
  message: string;
}

/** An upload's failure as shown: storage missing, or the server's reason. */
export function uploadFailureMessage(error: Failure): string {
  if (error.code === "STORAGE_UNAVAILABLE") return PICTURE_MESSAGES.storageUnavailable;
  // 'Upload failed: {message}. Check storage rules.' already ends the reason with a full stop.
  return PICTURE_MESSAGES.uploadFailed(error.message.replace(/[.\s]+$/, ""));
}

/** A re-roll's failure: no headshot found, the cooldown (the server's words), or anything else. */
export function rerollFailureMessage(error: Failure): string {
  if (error.code === "NO_HEADSHOT") return PICTURE_MESSAGES.rerollNoPicture;
  if (error.code === "REROLL_COOLDOWN") return error.message;
  return PICTURE_MESSAGES.rerollFailed;
}
