import { LIMITS } from "./limits.ts";
import type { TextRule } from "./text-rules.ts";

export const PROFILE_MESSAGES = {
  usernameEmpty: "Username cannot be empty",
  usernameTooLong: `Username must be at most ${LIMITS.usernameMax} characters.`,
  // Our own rule: names are one line of visible text (docs/product.md, Names and texts).
  usernameControl: "Username cannot contain line breaks, tabs or other control characters.",
  usernameTaken: "This username is already taken (case-insensitive match). Please choose another.",
  usernameUpdated: "Username updated successfully!",
  usernameFailed: "Failed to update username. Please try again.",
  idolFound: "You found a Hidden Immunity Idol! 🏆",
} as const;

/** A username: one line, 1 to 30 characters (docs/product.md, Names and texts). */
export const USERNAME_RULE: TextRule = {
  kind: "line",
  max: LIMITS.usernameMax,
  messages: {
    empty: PROFILE_MESSAGES.usernameEmpty,
    tooLong: PROFILE_MESSAGES.usernameTooLong,
    control: PROFILE_MESSAGES.usernameControl,
  },
};
