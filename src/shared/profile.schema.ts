import { z } from "zod";
import { parsePage } from "./browse.ts";
import { pathIdSchema } from "./lists.schema.ts";
import { USERNAME_RULE } from "./profile.ts";
import { textSchema } from "./text-rules.schema.ts";

/** A new username, stored as the shared text rule leaves it, so names are compared as they look. */
export const usernameSchema = z.object({ displayName: textSchema(USERNAME_RULE) });

export const userParamsSchema = z.object({ userId: pathIdSchema });

/** Query of /api/users/:userId: their lists come 12 to a page, like browse. */
export const userListsQuerySchema = z
  .object({ page: z.string().optional() })
  .transform(({ page }) => ({ page: parsePage(page) }));
