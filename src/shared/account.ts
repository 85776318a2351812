import { LIMITS } from "./limits.ts";

// The account page's texts and rules (docs/product.md, Your account), shared
// by the server that checks and the page that shows them.

export const ACCOUNT_MESSAGES = {
  wrongUsername: "That is not your username. Type it exactly as it is shown.",
  wrongPassword: "Incorrect password. Please try again.",
  passwordRequired: "Please enter your current password.",
  newPasswordTooShort: `Your new password must be at least ${LIMITS.passwordMin} characters long.`,
  newPasswordTooLong: `Your new password must be at most ${LIMITS.passwordMax} characters long.`,
  passwordsDiffer: "Passwords do not match.",
  samePassword: "Your new password must differ from the current one.",
  passwordChanged: "Your password has been changed. Your other devices have been signed out.",
  passwordChangeFailed: "Failed to change your password. Please try again.",
  noPassword:
    "You sign in with Google or X, so your account has no password here. Manage it with your provider.",
  sessionNotFound: "That session is not one of yours, or it has already ended.",
  notThisSession: "To end this device's session, use Sign Out.",
  exportLimited: "You downloaded your data a moment ago. Please wait a few minutes and try again.",
  deleteLimited: "Too many attempts to delete your account. Please wait a few minutes and try again.",
  sessionLimited: "You are signing out sessions too often. Please wait a moment.",
  deleted: "Your account has been deleted.",
  deleteFailed: "Failed to delete your account. Please try again.",
} as const;

/** The version of the downloaded data's format; raise it when a field changes meaning or goes. */
export const EXPORT_FORMAT_VERSION = 1;

/** One signed-in session as the account page lists it. */
export interface AccountSession {
  id: string;
  /** Browser and system read from the user agent ("Chrome on Windows"). */
  device: string;
  /** The address it was signed in from, as recorded (no place looked up). */
  ipAddress: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

export interface AccountOverview {
  name: string;
  email: string;
  hasPassword: boolean;
  /** Sign-in providers other than the password ("google", "twitter"). */
  providers: string[];
  sessions: AccountSession[];
}

/** The download's file name: survivor-rankings-<name>-<date>.json, the name reduced to safe characters. */
export function exportFileName(name: string, date: Date): string {
  const safe =
    name
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "member";
  return `survivor-rankings-${safe}-${date.toISOString().slice(0, 10)}.json`;
}
