import { LIMITS } from "./limits.ts";

/** A new account's default display name: the part of the email before the at-sign. */
export function defaultDisplayName(email: string): string {
  const local = email.split("@")[0]?.trim() ?? "";
  return (local || "survivor").slice(0, LIMITS.usernameMax);
}
