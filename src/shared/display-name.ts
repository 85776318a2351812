import { LIMITS } from "./limits.ts";
import { cleanText, truncateText, withoutControlCharacters } from "./text-rules.ts";

/** Used when nothing of an email's first part is left: it can be all dots. */
const FALLBACK_NAME = "survivor";

/**
 * A new account's default display name: the part of the email before the at-sign,
 * made a name the shared text rule accepts (docs/product.md, Names and texts).
 */
export function defaultDisplayName(email: string): string {
  return displayNameFrom(email.split("@")[0] ?? "") || FALLBACK_NAME;
}

/**
 * A name no person typed here (an email's first part, a sign-in provider's
 * profile) made one the rule accepts: cleaned, control characters made
 * spaces, at most 30 characters. Empty when nothing of it is left.
 */
export function displayNameFrom(wanted: string): string {
  const name = withoutControlCharacters(cleanText(wanted, "line"), "line");
  return truncateText(name, LIMITS.usernameMax, "line");
}
