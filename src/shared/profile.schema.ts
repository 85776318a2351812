import { z } from "zod";
import { parsePage } from "./browse.ts";
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

/** Query of /api/users/:userId: their lists come 12 to a page, like browse. */
export const userListsQuerySchema = z
  .object({ page: z.string().optional() })
  .transform(({ page }) => ({ page: parsePage(page) }));
