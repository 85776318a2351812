import { LIMITS } from "./limits.ts";

export const PROFILE_MESSAGES = {
  usernameEmpty: "Username cannot be empty",
  usernameTooLong: `Username must be at most ${LIMITS.usernameMax} characters.`,
  usernameTaken: "This username is already taken (case-insensitive match). Please choose another.",
  usernameUpdated: "Username updated successfully!",
  usernameFailed: "Failed to update username. Please try again.",
  idolFound: "You found a Hidden Immunity Idol! 🏆",
} as const;
