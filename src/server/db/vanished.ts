/**
 * Whether a write failed because a row it refers to was removed meanwhile
 * (a foreign-key violation, SQLSTATE 23503): a member's write that raced the
 * deletion of their own account, or of the thing it names. Every route
 * checks what it refers to first, so this is only ever such a race, and the
 * request may be answered 409 rather than as a fault of ours.
 */
export function isVanishedReference(error: unknown): boolean {
  // Drizzle and better-auth wrap the driver's error; the cause chain holds it.
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== "object") break;
    if ((e as { code?: unknown }).code === "23503") return true;
  }
  return false;
}

export const VANISHED_MESSAGE = "Something this needs was removed a moment ago. Please reload and try again.";
