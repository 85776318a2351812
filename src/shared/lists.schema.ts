import { z } from "zod";
import { LIMITS } from "./limits.ts";
import { ITEM_ID, LIST_DESCRIPTION_RULE, LIST_MESSAGES, LIST_NAME_RULE } from "./lists.ts";
import { textSchema } from "./text-rules.schema.ts";

export const listInputSchema = z.object({
  name: textSchema(LIST_NAME_RULE),
  description: textSchema(LIST_DESCRIPTION_RULE).default(""),
  tags: z.array(z.string().max(40)).max(20).default([]),
  items: z
    .array(z.string().regex(ITEM_ID, "Unknown season or castaway."))
    .max(LIMITS.listItemsMax, LIST_MESSAGES.tooManyItems)
    .default([]),
});
export type ListInput = z.input<typeof listInputSchema>;

/** An id in a path (user ids are better-auth's, list ids 'list_{ms}'). */
export const pathIdSchema = z.string().min(1).max(128);
export const listParamsSchema = z.object({ userId: pathIdSchema, listId: pathIdSchema });
export type ListParams = z.input<typeof listParamsSchema>;
