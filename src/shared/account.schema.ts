import { z } from "zod";
import { LIMITS } from "./limits.ts";

/** What a member types to delete their account: their username, and their password if they have one. */
export const deleteAccountSchema = z.object({
  username: z.string().max(LIMITS.usernameMax * 4),
  password: z.string().max(LIMITS.passwordMax).optional(),
});

/** A session's id in a path: our opaque session id, never its token. */
export const sessionParamsSchema = z.object({ sessionId: z.string().min(1).max(100) });
