import { z } from "zod";
import { LIMITS } from "./limits.ts";
import { pathIdSchema } from "./lists.schema.ts";
import { PROFILE_MESSAGES } from "./profile.ts";

export const usernameSchema = z.object({
  displayName: z
    .string({ error: PROFILE_MESSAGES.usernameEmpty })
    .trim()
    .min(1, PROFILE_MESSAGES.usernameEmpty)
    .max(LIMITS.usernameMax, PROFILE_MESSAGES.usernameTooLong),
});

export const userParamsSchema = z.object({ userId: pathIdSchema });
