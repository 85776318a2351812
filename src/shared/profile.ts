import { z } from "zod";
import { LIMITS } from "./limits.ts";
import { pageParam } from "./browse.ts";
import { pathIdSchema } from "./lists.ts";

export const PROFILE_MESSAGES = {
  usernameEmpty: "Username cannot be empty",
  usernameTooLong: `Username must be at most ${LIMITS.usernameMax} characters.`,
  usernameTaken: "This username is already taken (case-insensitive match). Please choose another.",
  usernameUpdated: "Username updated successfully!",
  usernameFailed: "Failed to update username. Please try again.",
  idolFound: "You found a Hidden Immunity Idol! 🏆",
} as const;

export const usernameSchema = z.object({
  displayName: z
    .string({ error: PROFILE_MESSAGES.usernameEmpty })
    .trim()
    .min(1, PROFILE_MESSAGES.usernameEmpty)
    .max(LIMITS.usernameMax, PROFILE_MESSAGES.usernameTooLong),
});

export const userParamsSchema = z.object({ userId: pathIdSchema });

/** Query of /api/users/:userId: their lists come 12 to a page, like browse. */
export const userListsQuerySchema = z.object({ page: pageParam });
